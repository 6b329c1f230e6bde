import { ArgsType, Field, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsInt } from 'class-validator';

export const MAX_AUTHOR_IDS = 100;

@ArgsType()
export class AuthorIdsArgs {
  @Field(() => [Int], { description: `Up to ${MAX_AUTHOR_IDS} author ids.` })
  @ArrayMaxSize(MAX_AUTHOR_IDS)
  @IsInt({ each: true })
  authorIds: number[];
}
