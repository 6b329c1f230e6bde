import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { AuthorsService } from './authors.service';
import { ListAuthorsQuery } from './dto/list-authors.query';
import type { PaginatedAuthor } from './models/paginated-author.model';

@Public()
@Controller('authors')
export class AuthorsController {
  constructor(private readonly authorsService: AuthorsService) {}

  @Get()
  @ApiOperation({
    summary: 'A page of authors with their posts',
    description:
      'The REST twin of `{ authors(offset, limit) { nodes { … posts { … } } totalCount hasNextPage } }`.',
  })
  @ApiOkResponse({
    description:
      '{ nodes: [{ id, firstName, lastName, posts: [{ id, title, votes }] }], totalCount, hasNextPage, offset }',
  })
  getAuthors(@Query() query: ListAuthorsQuery): Promise<PaginatedAuthor> {
    return this.authorsService.getPage(query, { totalCount: true, posts: true });
  }
}
