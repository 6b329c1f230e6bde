import { Module } from '@nestjs/common';
import { ControllerBoundShowcaseController } from './controller-bound-showcase.controller';
import { InterceptorsShowcaseController } from './interceptors-showcase.controller';
import { InterceptorsShowcaseService } from './interceptors-showcase.service';

/** The interceptors bound per method and per controller; the global binding is in AppModule. */
@Module({
  controllers: [InterceptorsShowcaseController, ControllerBoundShowcaseController],
  providers: [InterceptorsShowcaseService],
})
export class InterceptorsShowcaseModule {}
