import { Module } from '@nestjs/common';
import { PostsRepository } from './posts.repository';
import { PostsResolver } from './posts.resolver';
import { PostsService } from './posts.service';

@Module({
  providers: [PostsRepository, PostsService, PostsResolver],
  exports: [PostsService],
})
export class PostsModule {}
