import { Global, Module } from '@nestjs/common';
import { ResourceShortageLog } from './errors/resource-shortage-log';
import { Clock } from './clock';

/**
 * Shared services every module may inject without importing anything (e.g. the Clock of a logging interceptor,
 * the ResourceShortageLog that the error mapping writes and the health check reads).
 */
@Global()
@Module({
  providers: [Clock, ResourceShortageLog],
  exports: [Clock, ResourceShortageLog],
})
export class CommonModule {}
