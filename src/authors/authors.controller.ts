import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import type { Page } from '../graphql/paginated.type';
import { AuthorsService } from './authors.service';
import { ListAuthorsQuery } from './dto/list-authors.query';
import type { Author } from './models/author.model';

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
  getAuthors(@Query() query: ListAuthorsQuery): Promise<Page<Author>> {
    return this.authorsService.getPage(query, { totalCount: true, posts: true });
  }
}
