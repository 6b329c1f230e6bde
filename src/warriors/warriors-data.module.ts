import { Module } from '@nestjs/common';
import { WarriorsRepository } from './warriors.repository';
import { WarriorsService } from './warriors.service';

/** The warriors' table, repository and service. */
@Module({
  providers: [WarriorsRepository, WarriorsService],
  exports: [WarriorsService],
})
export class WarriorsDataModule {}
