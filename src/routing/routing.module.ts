import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { SessionMiddleware } from '../session/session.middleware';
import { SessionModule } from '../session/session.module';
import { RoutingPatternsController } from './routing-patterns.controller';
import { RoutingRequestController } from './routing-request.controller';
import { RoutingResponsesController } from './routing-responses.controller';
import { RoutingController } from './routing.controller';
import { RoutingService } from './routing.service';

/** The routing showcase. UnlistedController is left out on purpose, to show that Nest then ignores it. */
@Module({
  imports: [SessionModule],
  // Registration order is matching order: RoutingController holds `/routing/:name`, so it comes last.
  controllers: [
    RoutingPatternsController,
    RoutingResponsesController,
    RoutingRequestController,
    RoutingController,
  ],
  providers: [RoutingService],
})
export class RoutingModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Only the route that uses @Session() loads or sets a session cookie.
    consumer.apply(SessionMiddleware).forRoutes({ path: 'routing/session', method: RequestMethod.GET });
  }
}
