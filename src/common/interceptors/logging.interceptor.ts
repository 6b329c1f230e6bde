import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { GqlContextType, GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import type { GraphQLResolveInfo } from 'graphql';
import { Observable, tap } from 'rxjs';
import { Clock } from '../clock';

/**
 * One line before the handler and one when its stream completes, fails or is cancelled, with the elapsed
 * milliseconds; the response passes through unchanged. Register it globally through a module's providers
 * (`{ provide: APP_INTERCEPTOR, useClass: LoggingInterceptor }`) so that its dependencies are injected.
 */
@Injectable()
export class LoggingInterceptor implements NestInterceptor {
  private readonly logger = new Logger(LoggingInterceptor.name);

  constructor(private readonly clock: Clock) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const label = describeCall(context);
    const startedAt = this.clock.now();
    const elapsed = () => `${Math.round(this.clock.now() - startedAt)}ms`;

    this.logger.log(`${label} started`);
    return next.handle().pipe(
      tap({
        complete: () => this.logger.log(`${label} ${completedOf(context)} in ${elapsed()}`),
        error: (error: unknown) => this.logger.log(`${label} failed in ${elapsed()} (${nameOf(error)})`),
        // e.g. the client went away: neither completion nor failure, but still the end of the call.
        unsubscribe: () => this.logger.log(`${label} cancelled after ${elapsed()}`),
      }),
    );
  }
}

/** `GET /cats?limit=2` for HTTP, `Query.author` for GraphQL, `CatsController.findAll` for anything else. */
function describeCall(context: ExecutionContext): string {
  switch (context.getType<GqlContextType>()) {
    case 'http': {
      const { method, originalUrl } = context.switchToHttp().getRequest<Request>();
      return `${method} ${originalUrl}`;
    }
    case 'graphql': {
      const { parentType, fieldName } = GqlExecutionContext.create(context).getInfo<GraphQLResolveInfo>();
      return `${parentType.name}.${fieldName}`;
    }
    default:
      return `${context.getClass().name}.${context.getHandler().name}`;
  }
}

/** A subscription's root field completes once the subscription is set up: its events come later. */
function completedOf(context: ExecutionContext): string {
  if (context.getType<GqlContextType>() !== 'graphql') return 'completed';
  const { parentType, schema } = GqlExecutionContext.create(context).getInfo<GraphQLResolveInfo>();
  return parentType === schema.getSubscriptionType() ? 'subscribed' : 'completed';
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
