import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsInt } from 'class-validator';

export const MAX_IDS = 100;

@ArgsType()
export class AuthorsByIdsArgs {
  @Field(() => [Int], { description: `Up to ${MAX_IDS} author ids.` })
  @ArrayMaxSize(MAX_IDS)
  @IsInt({ each: true })
  ids: number[];
}
