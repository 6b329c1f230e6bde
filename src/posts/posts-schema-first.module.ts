import { Module } from '@nestjs/common';
import { PostsDataModule } from './posts-data.module';
import { PostsSchemaFirstResolver } from './posts-schema-first.resolver';

/** The posts of the schema-first endpoint: `posts.graphql` and the resolver bound to it. */
@Module({
  imports: [PostsDataModule],
  providers: [PostsSchemaFirstResolver],
})
export class PostsSchemaFirstModule {}
