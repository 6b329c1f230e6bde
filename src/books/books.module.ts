import { Module } from '@nestjs/common';
import { AuthorsDataModule } from '../authors/authors-data.module';
import { AuthorBooksResolver } from './author-books.resolver';
import { BooksDataModule } from './books-data.module';
import { BooksController } from './books.controller';
import { BooksResolver } from './books.resolver';

/** The books API: GraphQL on /graphql and REST on /books. */
@Module({
  imports: [BooksDataModule, AuthorsDataModule],
  controllers: [BooksController],
  providers: [BooksResolver, AuthorBooksResolver],
})
export class BooksModule {}
