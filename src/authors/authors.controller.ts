import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import type { Page } from '../graphql/paginated.type';
import { AuthorsService } from './authors.service';
import { ListAuthorsQuery } from './dto/list-authors.query';
import type { Author } from './models/author.model';

const POST_SCHEMA = {
  type: 'object',
  required: ['id', 'title', 'votes'],
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    votes: { type: 'integer', nullable: true, description: 'Upvotes; null until the first upvote.' },
  },
};

const AUTHORS_PAGE_SCHEMA = {
  type: 'object',
  required: ['nodes', 'totalCount', 'hasNextPage', 'offset'],
  properties: {
    nodes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'firstName', 'lastName', 'posts'],
        properties: {
          id: { type: 'integer' },
          firstName: { type: 'string', nullable: true },
          lastName: { type: 'string', nullable: true },
          posts: { type: 'array', items: POST_SCHEMA },
        },
      },
    },
    totalCount: { type: 'integer' },
    hasNextPage: { type: 'boolean' },
    offset: { type: 'integer', description: 'The offset of the first author.' },
  },
};

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
  @ApiOkResponse({ description: 'A page of authors, each with their posts.', schema: AUTHORS_PAGE_SCHEMA })
  getAuthors(@Query() query: ListAuthorsQuery): Promise<Page<Author>> {
    return this.authorsService.getPage(query, { totalCount: true, posts: true });
  }
}
