import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional, IsString, MinLength, ValidateIf } from 'class-validator';

@ArgsType()
export class GetAuthorArgs {
  // Nullable: the client may leave it out (undefined) or send null; both mean "any first name".
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  firstName?: string | null;

  // '' (the default) and null mean "any last name"; anything else must be a real name.
  @Field(() => String, { nullable: true, defaultValue: '' })
  @ValidateIf((args: GetAuthorArgs) => args.lastName !== '' && args.lastName != null)
  @IsString()
  @MinLength(3)
  lastName: string | null = '';
}
