import { Args, Context, Info, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { AuthorsService } from '../authors/authors.service';
import { Author } from '../authors/models/author.model';
import { Public } from '../common/decorators/public.decorator';
import { MAX_LIMIT } from '../common/pagination/pagination.args';
import { NonEmptyBodyPipe } from '../common/pipes/non-empty-body.pipe';
import { MaxItems } from '../graphql/max-items';
import type { RequestLoaders } from '../graphql/request-loaders';
import { isFieldSelected } from '../graphql/selected-fields';
import { BooksService, BY_ID } from './books.service';
import { BooksPageArgs } from './dto/books-page.args';
import { CreateBookInput } from './dto/create-book.input';
import { UpdateBookInput } from './dto/update-book.input';
import { Book } from './models/book.model';
import { PaginatedBook } from './models/paginated-book.model';

// Queries are public; the mutations keep the global guard: they need a token.
@Resolver(() => Book)
export class BooksResolver {
  constructor(
    private readonly booksService: BooksService,
    private readonly authorsService: AuthorsService,
  ) {}

  @Public()
  @Query(() => Book, { name: 'book', nullable: true, description: 'One book by id; null when unknown.' })
  getBook(@Args('id', { type: () => Int }) id: number): Promise<Book | null> {
    return this.booksService.findById(id);
  }

  @Public()
  @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit', sizedFields: ['nodes', 'edges'] })
  @Query(() => PaginatedBook, {
    name: 'books',
    description: 'A page of books, filtered, in the given order (by id when none).',
  })
  async getBooks(
    @Args() { filter, orderBy, ...page }: BooksPageArgs,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PaginatedBook> {
    return PaginatedBook.of(
      await this.booksService.getPage(page, filter ?? {}, orderBy ?? BY_ID, {
        totalCount: isFieldSelected(info, 'totalCount'),
      }),
    );
  }

  @Public()
  @ResolveField('author', () => Author)
  getAuthor(
    @Parent() { authorId }: Book,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<Author | null> {
    // One query for every book of the response (the request's loader batches them).
    return loaders.of(this.authorsService.loadByIds).load(authorId);
  }

  @Mutation(() => Book, { name: 'createBook', description: 'Needs a bearer token.' })
  createBook(@Args('input') input: CreateBookInput): Promise<Book> {
    return this.booksService.create(input);
  }

  @Mutation(() => Book, {
    name: 'updateBook',
    description: 'Changes the fields given; needs a bearer token.',
  })
  updateBook(
    @Args('id', { type: () => Int }) id: number,
    @Args('input', NonEmptyBodyPipe) input: UpdateBookInput,
  ): Promise<Book> {
    return this.booksService.update(id, input);
  }

  @Mutation(() => Book, {
    name: 'deleteBook',
    description: 'Returns the deleted book; needs a bearer token.',
  })
  deleteBook(@Args('id', { type: () => Int }) id: number): Promise<Book> {
    return this.booksService.delete(id);
  }
}
