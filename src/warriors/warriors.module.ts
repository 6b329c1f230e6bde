import { Module } from '@nestjs/common';
import { WarriorsRepository } from './warriors.repository';
import { WarriorsResolver } from './warriors.resolver';
import { WarriorsService } from './warriors.service';

@Module({
  providers: [WarriorsRepository, WarriorsService, WarriorsResolver],
})
export class WarriorsModule {}
