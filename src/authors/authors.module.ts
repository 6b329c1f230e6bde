import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { AuthorsController } from './authors.controller';
import { AuthorsRepository } from './authors.repository';
import { AuthorsResolver } from './authors.resolver';
import { AuthorsService } from './authors.service';

@Module({
  imports: [PostsModule],
  controllers: [AuthorsController],
  providers: [AuthorsRepository, AuthorsService, AuthorsResolver],
  exports: [AuthorsService],
})
export class AuthorsModule {}
