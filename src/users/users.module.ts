import { Module } from '@nestjs/common';
import { UsersController } from './users.controller';
import { UsersDataModule } from './users-data.module';
import { UsersResolver } from './users.resolver';

/** The users API: `GET /users`, `PATCH /users/:id` (admins) and the code-first `me` query. */
@Module({
  imports: [UsersDataModule],
  controllers: [UsersController],
  providers: [UsersResolver],
})
export class UsersModule {}
