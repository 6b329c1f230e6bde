import { Module } from '@nestjs/common';
import { AuthorPostsResolver } from './author-posts.resolver';
import { AuthorStatsResolver } from './author-stats.resolver';
import { PostsDataModule } from './posts-data.module';
import { PostsResolver } from './posts.resolver';

/** The posts API on the code-first endpoint, including the `Author.posts` field it adds to authors. */
@Module({
  imports: [PostsDataModule],
  providers: [PostsResolver, AuthorPostsResolver, AuthorStatsResolver],
})
export class PostsModule {}
