import { Field, Float, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import {
  IsCalendarDate,
  IsDateTimeWithOffset,
  IsDecimalNumber,
  IsFiniteNumber,
  IsIntInRange,
  IsJsonDocument,
  IsRequired,
  IsText,
  keepJsonValue,
  toDateTime,
  toDecimalString,
} from '../../common/validation/field-validators';
import { DateTimeScalar } from '../../graphql/scalars/date-time.scalar';
import { DecimalScalar } from '../../graphql/scalars/decimal.scalar';
import { JSONScalar } from '../../graphql/scalars/json.scalar';
import { BookGenre } from '../book-genre.enum';

@InputType()
export class CreateBookInput {
  @Field(() => String)
  @ApiProperty({ maxLength: 200 })
  @IsRequired()
  @IsText(1, 200)
  title: string;

  @Field(() => String)
  @ApiProperty({ maxLength: 13 })
  @IsRequired()
  @IsText(1, 13)
  isbn: string;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: 'string', maxLength: 100000, nullable: true })
  @IsOptional()
  @IsText(0, 100000)
  summary?: string | null;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', format: 'int32' })
  @IsRequired()
  @IsIntInRange(-2147483648, 2147483647)
  pages: number;

  @Field(() => Float, { nullable: true })
  @ApiPropertyOptional({ type: 'number', format: 'double', nullable: true })
  @IsOptional()
  @IsFiniteNumber()
  rating?: number | null;

  @Field(() => DecimalScalar)
  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string', format: 'decimal' }],
    example: '12.50',
    description: 'A JSON number or a decimal string; read back as a string.',
  })
  @Transform(toDecimalString)
  @IsRequired()
  @IsDecimalNumber(10, 2)
  price: string;

  @Field(() => Boolean, { nullable: true })
  @ApiPropertyOptional()
  @ValidateIf((_, value) => value !== undefined)
  @IsBoolean()
  inStock?: boolean;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true })
  @IsOptional()
  @IsCalendarDate()
  publishedOn?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true })
  @Transform(toDateTime)
  @IsOptional()
  @IsDateTimeWithOffset()
  releasedAt?: Date | null;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true })
  @IsOptional()
  @IsUUID()
  externalId?: string | null;

  @Field(() => JSONScalar, { nullable: true })
  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    description: 'A JSON object or array, at most 64 kB.',
    nullable: true,
  })
  @Transform(keepJsonValue)
  @IsOptional()
  @IsJsonDocument(65536)
  metadata?: unknown;

  @Field(() => BookGenre)
  @ApiProperty({ enum: BookGenre, enumName: 'BookGenre' })
  @IsRequired()
  @IsEnum(BookGenre)
  genre: BookGenre;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', description: 'The id of an existing author.' })
  @IsRequired()
  @IsIntInRange(1, 2147483647)
  authorId: number;
}
