import { Module } from '@nestjs/common';
import { UsersDataModule } from './users-data.module';
import { UsersSchemaFirstResolver } from './users-schema-first.resolver';

/** The accounts of the schema-first endpoint: `users.graphql` and the resolver bound to it. */
@Module({
  imports: [UsersDataModule],
  providers: [UsersSchemaFirstResolver],
})
export class UsersSchemaFirstModule {}
