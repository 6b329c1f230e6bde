import { Module } from '@nestjs/common';
import { AuthorsRepository } from '../../authors/authors.repository';
import { AuthorsService } from '../../authors/authors.service';
import { PostsRepository } from '../../posts/posts.repository';
import { PostsService } from '../../posts/posts.service';
import { BlogAuthorsResolver } from './blog-authors.resolver';
import { BlogPostsResolver } from './blog-posts.resolver';

/**
 * The blog of CONTRACT §6.2 on the schema-first endpoint: blog.graphql and the resolvers bound to it, over the
 * same services and tables as the code-first endpoint.
 */
@Module({
  // Not `imports: [AuthorsModule, PostsModule]`: an endpoint's `include` also takes in the modules its features
  // import (@nestjs/graphql 14), and those hold the code-first resolvers, which this schema does not declare.
  // So the same (stateless) service classes are provided here as well.
  providers: [
    AuthorsRepository,
    AuthorsService,
    PostsRepository,
    PostsService,
    BlogAuthorsResolver,
    BlogPostsResolver,
  ],
})
export class BlogModule {}
