import { Module } from '@nestjs/common';
import { BooksRepository } from './books.repository';
import { BooksService } from './books.service';

/** The books' table, repository and service: one instance, imported by every API module that serves them. */
@Module({
  providers: [BooksRepository, BooksService],
  exports: [BooksService],
})
export class BooksDataModule {}
