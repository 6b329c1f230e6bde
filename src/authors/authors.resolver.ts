import { Args, Context, Info, Int, Query, Resolver } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { Public } from '../common/decorators/public.decorator';
import { MAX_LIMIT, PaginationArgs } from '../common/pagination/pagination.args';
import { MaxItems } from '../graphql/max-items';
import type { RequestLoaders } from '../graphql/request-loaders';
import { isFieldSelected } from '../graphql/selected-fields';
import { AuthorsService } from './authors.service';
import { AuthorsByIdsArgs, MAX_IDS } from './dto/authors-by-ids.args';
import { GetAuthorArgs } from './dto/get-author.args';
import { Author } from './models/author.model';
import { PaginatedAuthor } from './models/paginated-author.model';

// Query names are explicit, so the methods can follow our naming (getX) while the schema keeps the API's.
@Public()
@Resolver(() => Author)
export class AuthorsResolver {
  constructor(private readonly authorsService: AuthorsService) {}

  @Query(() => Author, {
    name: 'author',
    nullable: true,
    description: 'One author by id; null when unknown.',
  })
  getAuthor(
    @Args('id', { type: () => Int }) id: number,
    @Context('loaders') loaders: RequestLoaders,
  ): Promise<Author | null> {
    // Through the request's loader: the authors of one request cost one query, and their fields load together.
    return loaders.of(this.authorsService.loadByIds).load(id);
  }

  @Query(() => Author, {
    name: 'authorByName',
    nullable: true,
    description: 'The first author (by id) with these names; a name left out, null or empty matches any.',
  })
  getAuthorByName(@Args() args: GetAuthorArgs): Promise<Author | null> {
    return this.authorsService.getByName(args);
  }

  @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit', sizedFields: ['nodes', 'edges'] })
  @Query(() => PaginatedAuthor, { name: 'authors', description: 'A page of authors, in id order.' })
  async getAuthors(
    @Args() pagination: PaginationArgs,
    @Info() info: GraphQLResolveInfo,
  ): Promise<PaginatedAuthor> {
    // Counting all authors is the costly part of a page: only when the client asked for it.
    return PaginatedAuthor.of(
      await this.authorsService.getPage(pagination, { totalCount: isFieldSelected(info, 'totalCount') }),
    );
  }

  @MaxItems({ max: MAX_IDS, sizedBy: 'ids' })
  @Query(() => [Author], {
    name: 'authorsByIds',
    nullable: 'items',
    description: 'One entry per id, in the same order; an entry is null when there is no such author.',
  })
  getAuthorsByIds(@Args() { ids }: AuthorsByIdsArgs): Promise<Array<Author | null>> {
    return this.authorsService.getByIds(ids);
  }

  @Query(() => Int, {
    name: 'authorCount',
    description: 'Number of authors.',
    deprecationReason: 'Use authors { totalCount }.',
  })
  getAuthorCount(): Promise<number> {
    return this.authorsService.count();
  }
}
