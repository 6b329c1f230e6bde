import { Args, Context, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../common/decorators/public.decorator';
import type { RequestLoaders } from '../graphql/request-loaders';
import { AuthorsService } from './authors.service';
// The service's type, not the generated one: fields other features add (`extend type Author`) have their own resolvers.
import type { Author } from './models/author.model';

/** `author` of authors.graphql, bound by name. Public: queries need no token. */
@Public()
@Resolver('Author')
export class AuthorsSchemaFirstResolver {
  constructor(private readonly authorsService: AuthorsService) {}

  // Through the request's loader: the authors of one request cost one query.
  @Query('author')
  getAuthor(@Args('id') id: number, @Context('loaders') loaders: RequestLoaders): Promise<Author | null> {
    return loaders.of(this.authorsService.loadByIds).load(id);
  }
}
