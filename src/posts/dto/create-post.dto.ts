import { IsText } from '../../common/validation/field-validators';
import { CreatePostInput } from '../../graphql/schema-first/graphql.generated';

/**
 * The validated form of the generated `CreatePostInput`: the generated file is overwritten
 * on every generation, so the rules live here. Resolvers take this class, so the global ValidationPipe checks it.
 */
export class CreatePostDto extends CreatePostInput {
  // Redeclared to carry the decorators; ES2022 class fields need an initializer here (TS2612), and the
  // ValidationPipe assigns the real value over it.
  @IsText(3, 50) // its column: varchar(50)
  override title: string = '';
}
