import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MaxSize } from '../../graphql/max-size';
import { DateTimeScalar } from '../../graphql/scalars/date-time.scalar';
import { DecimalScalar } from '../../graphql/scalars/decimal.scalar';
import { JSONScalar } from '../../graphql/scalars/json.scalar';
import { BookGenre } from '../book-genre.enum';
import type { BookRow } from '../books.table';

registerEnumType(BookGenre, { name: 'BookGenre' });

@ObjectType()
export class Book {
  @Field(() => Int)
  @ApiProperty({ type: 'integer' })
  id: number;

  @Field(() => String)
  @ApiProperty({ maxLength: 200 })
  title: string;

  @Field(() => String)
  @ApiProperty({ maxLength: 13 })
  isbn: string;

  @Field(() => String, { nullable: true })
  @MaxSize(100000)
  @ApiPropertyOptional({ type: 'string', maxLength: 100000, nullable: true })
  summary: string | null;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', format: 'int32' })
  pages: number;

  @Field(() => Float, { nullable: true })
  @ApiPropertyOptional({ type: 'number', format: 'double', nullable: true })
  rating: number | null;

  @Field(() => DecimalScalar)
  @ApiProperty({ type: 'string', format: 'decimal', example: '12.50', description: 'A decimal string.' })
  price: string;

  @Field(() => Boolean)
  @ApiProperty()
  inStock: boolean;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'date', nullable: true })
  publishedOn: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true })
  releasedAt: Date | null;

  @Field(() => String, { nullable: true })
  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true })
  externalId: string | null;

  @Field(() => JSONScalar, { nullable: true })
  @MaxSize(65536)
  @ApiPropertyOptional({
    oneOf: [
      { type: 'object', additionalProperties: true },
      { type: 'array', items: {} },
    ],
    description: 'A JSON object or array, at most 64 kB.',
    nullable: true,
  })
  metadata: unknown;

  @Field(() => BookGenre)
  @ApiProperty({ enum: BookGenre, enumName: 'BookGenre' })
  genre: BookGenre;

  @Field(() => Int)
  @ApiProperty({ type: 'integer', description: 'The id of an existing author.' })
  authorId: number;

  @Field(() => DateTimeScalar)
  @ApiProperty()
  createdAt: Date;

  @Field(() => DateTimeScalar)
  @ApiProperty()
  updatedAt: Date;
}

/** The API's book from its row: where a column becomes a field. */
export function toBook(row: BookRow): Book {
  return {
    id: row.id,
    title: row.title,
    isbn: row.isbn,
    summary: row.summary,
    pages: row.pages,
    rating: row.rating,
    price: row.price,
    inStock: row.inStock,
    publishedOn: row.publishedOn,
    releasedAt: row.releasedAt,
    externalId: row.externalId,
    metadata: row.metadata,
    genre: row.genre,
    authorId: row.authorId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
