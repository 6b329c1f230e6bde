import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Patch,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { IdParam } from '../common/decorators/id-param.decorator';
import { Public } from '../common/decorators/public.decorator';
import { PAGE_HEADER_DOCS, PageHeadersInterceptor } from '../common/pagination/page-headers';
import { NonEmptyBodyPipe } from '../common/pipes/non-empty-body.pipe';
import type { Page } from '../graphql/paginated.type';
import { CreateBookInput } from './dto/create-book.input';
import { ListBooksQuery } from './dto/list-books.query';
import { UpdateBookInput } from './dto/update-book.input';
import { Book } from './models/book.model';
import { BooksService } from './books.service';

// Reads are public; writes keep the global guard: they need a token (and the OpenAPI document says so).
@ApiTags('books')
// Every route reads or writes the database; the other errors they share are added to the document in one place
// (src/common/openapi/complete-document.ts).
@ApiServiceUnavailableResponse({
  description: 'The database is unavailable: try again after the Retry-After header’s seconds.',
})
@Controller('books')
export class BooksController {
  constructor(private readonly booksService: BooksService) {}

  @Public()
  @Get()
  // Answers the page's items; the next page in a Link header, the count (when asked) in X-Total-Count.
  @UseInterceptors(PageHeadersInterceptor)
  @ApiOperation({ summary: 'List books, a page at a time' })
  @ApiOkResponse({ type: [Book], description: 'A page of books.', headers: PAGE_HEADER_DOCS })
  @ApiBadRequestResponse({
    description: 'A paging, filter or order parameter out of range, or an unknown one.',
  })
  getBooks(
    @Query() { inStock, genre, authorId, sort, order, count, ...page }: ListBooksQuery,
  ): Promise<Page<Book>> {
    return this.booksService.getPage(
      page,
      { inStock, genre, authorId },
      { field: sort, direction: order },
      { totalCount: count },
    );
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Get a book by id' })
  @ApiOkResponse({ type: Book })
  @ApiNotFoundResponse()
  getBook(@IdParam() id: number): Promise<Book> {
    return this.booksService.getById(id);
  }

  @Post()
  @ApiOperation({ summary: 'Create a book' })
  @ApiCreatedResponse({ type: Book })
  @ApiBadRequestResponse({ description: 'A field missing or invalid; the message names it.' })
  @ApiConflictResponse({ description: 'A unique field already has this value.' })
  createBook(@Body() input: CreateBookInput): Promise<Book> {
    return this.booksService.create(input);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change some fields of a book' })
  @ApiOkResponse({ type: Book })
  @ApiBadRequestResponse({ description: 'A field invalid, or none given.' })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: 'A unique field already has this value.' })
  updateBook(@IdParam() id: number, @Body(NonEmptyBodyPipe) input: UpdateBookInput): Promise<Book> {
    return this.booksService.update(id, input);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a book' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  async deleteBook(@IdParam() id: number): Promise<void> {
    await this.booksService.delete(id);
  }
}
