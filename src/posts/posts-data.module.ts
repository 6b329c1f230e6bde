import { Module } from '@nestjs/common';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

/** The posts' table, repository and service: one instance, imported by every API module that serves posts. */
@Module({
  providers: [PostsRepository, PostsService],
  exports: [PostsService],
})
export class PostsDataModule {}
