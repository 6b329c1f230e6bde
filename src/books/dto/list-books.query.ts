import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEnum, IsOptional } from 'class-validator';
import { ListQuery } from '../../common/pagination/list.query';
import { SortDirection } from '../../common/pagination/sort-direction';
import { SortParameter } from '../../common/pagination/sort-field';
import { IsIntInRange, toBoolean, toInteger } from '../../common/validation/field-validators';
import { BookGenre } from '../book-genre.enum';
import { type BookFilter, BookSortField } from '../books.repository';

/** `GET /books?offset&limit&count&inStock&genre&authorId&sort&order`: the paging rules of the whole API, then what is particular to books. */
export class ListBooksQuery extends ListQuery implements BookFilter {
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

  @SortParameter(BookSortField)
  sort: BookSortField = 'id';

  @ApiPropertyOptional({ enum: SortDirection, default: SortDirection.ASC })
  @IsOptional()
  @IsEnum(SortDirection)
  order: SortDirection = SortDirection.ASC;
}
