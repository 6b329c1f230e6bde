import { Field, InputType } from '@nestjs/graphql';
import { IsString } from 'class-validator';
import { HasLength } from '../../common/validation/field-validators';

@InputType({ description: 'A new post; its author is given beside it.' })
export class CreatePostInput {
  @Field({ description: '3 to 50 characters.' })
  @IsString()
  @HasLength(3, 50) // its column: varchar(50)
  title: string;
}
