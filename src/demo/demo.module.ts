import { Module } from '@nestjs/common';
import { UsersDataModule } from '../users/users-data.module';
import { DemoSeeder } from './demo.seeder';

/** The demo data of the starter (users, authors, posts, warriors), inserted at start when SEED_DEMO is on. */
@Module({
  imports: [UsersDataModule],
  providers: [DemoSeeder],
})
export class DemoModule {}
