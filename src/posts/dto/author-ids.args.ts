import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayUnique, IsInt } from 'class-validator';

export const MAX_AUTHOR_IDS = 100;

@ArgsType()
export class AuthorIdsArgs {
  // Refused rather than merged: the answer has one entry per id given, so a repeat would only multiply work.
  @Field(() => [Int], { description: `Up to ${MAX_AUTHOR_IDS} author ids, each once.` })
  @ArrayMaxSize(MAX_AUTHOR_IDS)
  @ArrayUnique({ message: '$property must not contain the same id twice' })
  @IsInt({ each: true })
  authorIds: number[];
}
