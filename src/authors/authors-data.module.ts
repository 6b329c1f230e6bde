import { Module } from '@nestjs/common';
import { PostsDataModule } from '../posts/posts-data.module';
import { AuthorsRepository } from './authors.repository';
import { AuthorsService } from './authors.service';

/** The authors' table, repository and service: one instance, imported by every API module that serves authors. */
@Module({
  imports: [PostsDataModule],
  providers: [AuthorsRepository, AuthorsService],
  exports: [AuthorsService],
})
export class AuthorsDataModule {}
