import { Module } from '@nestjs/common';
import { AuthorStatsResolver } from './author-stats.resolver';
import { PostsRepository } from './posts.repository';
import { PostsResolver } from './posts.resolver';
import { PostsService } from './posts.service';

@Module({
  providers: [PostsRepository, PostsService, PostsResolver, AuthorStatsResolver],
  exports: [PostsService],
})
export class PostsModule {}
