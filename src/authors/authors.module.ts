import { Module } from '@nestjs/common';
import { AuthorsController } from './authors.controller';
import { AuthorsDataModule } from './authors-data.module';
import { AuthorsResolver } from './authors.resolver';

/** The authors API: REST (`/authors`) and the code-first queries. */
@Module({
  imports: [AuthorsDataModule],
  controllers: [AuthorsController],
  providers: [AuthorsResolver],
})
export class AuthorsModule {}
