import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { DemoSeeder } from './demo.seeder';

/** The demo data of the starter (users, authors, posts, warriors), inserted at start when SEED_DEMO is on. */
@Module({
  imports: [UsersModule],
  providers: [DemoSeeder],
})
export class DemoModule {}
