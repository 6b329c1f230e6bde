import { Args, Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Public } from '../common/decorators/public.decorator';
import { LimitArgs, MAX_LIMIT } from '../common/pagination/pagination.args';
import { MaxItems } from '../graphql/max-items';
import type { RequestLoaders } from '../graphql/request-loaders';
import { Book } from './models/book.model';
import { BooksService } from './books.service';
import { Author } from '../authors/models/author.model';

/**
 * `Author.books`: the has-many side lives with the child feature, so the Author type's files know
 * nothing of books. Public like the queries that return authors (the guard also runs on field resolvers).
 */
@Public()
@Resolver(() => Author)
export class AuthorBooksResolver {
  constructor(private readonly booksService: BooksService) {}

  // One DataLoader per request batches the books of every author in the response into one query.
  @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit' })
  @ResolveField('books', () => [Book], {
    description: "The author's first books in id order, fetched in one batch per request.",
  })
  getBooks(
    @Parent() { id }: Author,
    @Args() { limit }: LimitArgs,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<Book[]> {
    return loaders.of(this.booksService.loadByAuthor).load({ authorId: id, limit });
  }
}
