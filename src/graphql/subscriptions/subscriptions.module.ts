import { Module } from '@nestjs/common';
import { SubscriptionServer } from './subscription-server';

/** The WebSocket side of the code-first endpoint: imported by its GraphQL module (the driver) and by the endpoint. */
@Module({
  providers: [SubscriptionServer],
  exports: [SubscriptionServer],
})
export class SubscriptionsModule {}
