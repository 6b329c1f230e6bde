import { Module } from '@nestjs/common';
import { AuthorsDataModule } from './authors-data.module';
import { AuthorsSchemaFirstResolver } from './authors-schema-first.resolver';

/** The authors of the schema-first endpoint: `authors.graphql` and the resolver bound to it. */
@Module({
  imports: [AuthorsDataModule],
  providers: [AuthorsSchemaFirstResolver],
})
export class AuthorsSchemaFirstModule {}
