import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayUnique, IsInt } from 'class-validator';

export const MAX_IDS = 100;

@ArgsType()
export class AuthorsByIdsArgs {
  // Refused rather than merged: the answer has one entry per id given, so a repeat would only multiply work.
  @Field(() => [Int], { description: `Up to ${MAX_IDS} author ids, each once.` })
  @ArrayMaxSize(MAX_IDS)
  @ArrayUnique({ message: '$property must not contain the same id twice' })
  @IsInt({ each: true })
  ids: number[];
}
