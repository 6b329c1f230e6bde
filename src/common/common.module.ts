import { Global, Module } from '@nestjs/common';
import { Clock } from './utils/clock';

/** Shared services every module may inject without importing anything (e.g. the Clock of a logging interceptor). */
@Global()
@Module({
  providers: [Clock],
  exports: [Clock],
})
export class CommonModule {}
