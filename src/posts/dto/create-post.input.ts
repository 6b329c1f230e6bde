import { Field, InputType } from '@nestjs/graphql';
import { IsString, Length } from 'class-validator';

@InputType({ description: 'A new post; its author is given beside it.' })
export class CreatePostInput {
  @Field({ description: '3 to 50 characters.' })
  @IsString()
  @Length(3, 50)
  title: string;
}
