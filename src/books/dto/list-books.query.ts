import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional } from 'class-validator';
import { PaginationArgs } from '../../common/pagination/pagination.args';
import { SortDirection } from '../../common/pagination/sort-direction';
import { IsIntInRange, toBoolean, toInteger } from '../../common/validation/field-validators';
import { BookGenre } from '../book-genre.enum';
import { type BookFilter, BookSortField } from '../books.repository';

/** `GET /books?offset&limit&inStock&genre&authorId&sort&order`: the paging rules of the whole API, then what is particular to books. */
export class ListBooksQuery extends PaginationArgs implements BookFilter {
  @ApiPropertyOptional({ type: 'boolean' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  inStock?: boolean;

  @ApiPropertyOptional({ enum: BookGenre, enumName: 'BookGenre' })
  @IsOptional()
  @IsEnum(BookGenre)
  genre?: BookGenre;

  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @Transform(toInteger)
  @IsIntInRange(1, 2147483647)
  authorId?: number;

  @ApiPropertyOptional({ enum: BookSortField, default: 'id', description: 'The field to order by, then id.' })
  @IsOptional()
  @IsEnum(BookSortField)
  sort: BookSortField = 'id';

  @ApiPropertyOptional({ enum: SortDirection, default: SortDirection.ASC })
  @IsOptional()
  @IsEnum(SortDirection)
  order: SortDirection = SortDirection.ASC;
}
