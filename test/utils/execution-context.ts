import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { Observable } from 'rxjs';

/** Stands in for the controller or resolver whose method is called. */
export class TestController {
  handle(): void {}
}

/** The context Nest builds for a call (its own class); `args` are what that kind of handler receives. */
export function executionContext(type: string, args: unknown[]): ExecutionContext {
  const context = new ExecutionContextHost(args, TestController, TestController.prototype.handle);
  context.setType(type);
  return context;
}

/** An HTTP call: request, response, next. */
export const httpContext = (method = 'GET', url = '/things'): ExecutionContext =>
  executionContext('http', [{ method, url, originalUrl: url }, {}, () => undefined]);

/** A GraphQL resolver call: root, args, context, info. */
export const graphqlContext = (parentType = 'Query', fieldName = 'things'): ExecutionContext => {
  const type = { name: parentType };
  // A schema whose root types are named as usual: Subscription is the subscription type.
  const schema = { getSubscriptionType: () => (parentType === 'Subscription' ? type : undefined) };
  return executionContext('graphql', [undefined, {}, {}, { parentType: type, fieldName, schema }]);
};

/** A CallHandler whose handler answers with `source`, recording what the interceptor did with that stream. */
export class FakeCallHandler<T = unknown> implements CallHandler<T> {
  /** Someone subscribed: the handler ran. */
  subscribed = false;
  /** The subscription ended: completed, failed or unsubscribed (for a source that never ends, only the last). */
  tornDown = false;

  readonly handle = jest.fn(
    () =>
      new Observable<T>((subscriber) => {
        this.subscribed = true;
        const subscription = this.source.subscribe(subscriber);
        return () => {
          this.tornDown = true;
          subscription.unsubscribe();
        };
      }),
  );

  constructor(private readonly source: Observable<T>) {}
}
