import { ArgsType, Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional, ValidateNested } from 'class-validator';
import { CursorPaginationArgs } from '../../common/pagination/cursor-pagination.args';
import { SortDirection } from '../../common/pagination/sort-direction';
import { IsIntInRange } from '../../common/validation/field-validators';
import { BookGenre } from '../book-genre.enum';
import { type BookFilter, type BookSort, BookSortField } from '../books.repository';

registerEnumType(BookSortField, { name: 'BookOrderField' });

@InputType('BookFilter', { description: 'Equality filters; a field left out matches every book.' })
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

@InputType('BookOrder', { description: 'The order of a page: one field (nulls last), then id.' })
export class BookOrderInput implements BookSort {
  @Field(() => BookSortField)
  @IsEnum(BookSortField)
  field: BookSortField;

  @Field(() => SortDirection, { defaultValue: SortDirection.ASC })
  @IsEnum(SortDirection)
  direction: SortDirection = SortDirection.ASC;
}

/** `books(offset, limit, after, filter, orderBy)`: the paging rules of the whole API, then what is particular to books. */
@ArgsType()
export class BooksPageArgs extends CursorPaginationArgs {
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
