import { Field, InputType } from '@nestjs/graphql';
import { IsText } from '../../common/validation/field-validators';

@InputType({ description: 'A new post; its author is given beside it.' })
export class CreatePostInput {
  @Field({ description: '3 to 50 characters.' })
  @IsText(3, 50) // its column: varchar(50)
  title: string;
}
