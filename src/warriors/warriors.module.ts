import { Module } from '@nestjs/common';
import { WarriorsDataModule } from './warriors-data.module';
import { WarriorsResolver } from './warriors.resolver';

/** The warriors API on the code-first endpoint. */
@Module({
  imports: [WarriorsDataModule],
  providers: [WarriorsResolver],
})
export class WarriorsModule {}
