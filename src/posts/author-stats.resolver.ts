import { Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../common/decorators/public.decorator';
import { AuthorStats } from './models/author-stats.model';
import { PostsService } from './posts.service';

/**
 * A field that needs a token on a type that public queries return (`authorStats`). The global guard also runs
 * on field resolvers (`fieldResolverEnhancers: ['guards']`): without a valid token `rank` is null with an
 * UNAUTHENTICATED error at its path, and the other fields still answer.
 */
@Resolver(() => AuthorStats)
export class AuthorStatsResolver {
  constructor(private readonly service: PostsService) {}

  // Needs a token by default (no @Public() here); @Authenticated() says so, and would close it in a public class.
  @Authenticated()
  @ResolveField('rank', () => Int, {
    nullable: true,
    description:
      'Position among all authors by total votes (1 = most). Needs a bearer token: it ranks every author.',
  })
  getRank(@Parent() stats: AuthorStats): Promise<number> {
    return this.service.getRank(stats);
  }
}
