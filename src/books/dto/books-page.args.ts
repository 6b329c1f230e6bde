import { ArgsType, Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional, ValidateNested } from 'class-validator';
import { IsIntInRange } from '../../common/validation/field-validators';
import { PaginationArgs } from '../../graphql/pagination.args';
import { SortDirection } from '../../graphql/sort-direction';
import { BookGenre } from '../book-genre.enum';
import type { BookFilter, BookSort, BookSortField } from '../books.repository';

const BookOrderField = {
  id: 'id',
  title: 'title',
  isbn: 'isbn',
  summary: 'summary',
  pages: 'pages',
  rating: 'rating',
  price: 'price',
  inStock: 'inStock',
  publishedOn: 'publishedOn',
  releasedAt: 'releasedAt',
  externalId: 'externalId',
  genre: 'genre',
  authorId: 'authorId',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const satisfies Record<BookSortField, BookSortField>;
registerEnumType(BookOrderField, { name: 'BookOrderField' });

@InputType({ description: 'Equality filters; a field left out matches every book.' })
export class BookFilterInput implements BookFilter {
  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  inStock?: boolean;

  @Field(() => BookGenre, { nullable: true })
  @IsOptional()
  @IsEnum(BookGenre)
  genre?: BookGenre;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsIntInRange(1, 2147483647)
  authorId?: number;
}

@InputType({ description: 'The order of a page: one field, then id.' })
export class BookOrderInput implements BookSort {
  @Field(() => BookOrderField)
  @IsEnum(BookOrderField)
  field: BookSortField;

  @Field(() => SortDirection, { defaultValue: SortDirection.ASC })
  @IsEnum(SortDirection)
  direction: SortDirection = SortDirection.ASC;
}

/** `books(offset, limit, filter, orderBy)`: the paging rules of the whole API, then what is particular to books. */
@ArgsType()
export class BooksPageArgs extends PaginationArgs {
  @Field(() => BookFilterInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => BookFilterInput)
  filter?: BookFilterInput | null;

  @Field(() => BookOrderInput, { nullable: true, description: 'By id when left out.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => BookOrderInput)
  orderBy?: BookOrderInput | null;
}
