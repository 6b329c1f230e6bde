import type { IncomingMessage } from 'node:http';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import type { Request } from 'express';
import {
  type DocumentNode,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
  type ValidationRule,
} from 'graphql';
import type { Context, ServerOptions } from 'graphql-ws';
import { PinoLogger } from 'nestjs-pino';
import type { WebSocket } from 'ws';
import { type CostLimit, costLimitOf } from '../cost-limit';
import type { TokenPayload } from '../../auth/token-payload';
import { extractBearerToken, verifyAccessToken } from '../../auth/verify-access-token';
import type { Environment } from '../../config/environment';
import { Metrics } from '../../metrics/metrics.service';
import { explainedValidationMessage } from '../format-graphql-error';
import type { GraphqlContext } from '../graphql-context';
import { RequestLoaders } from '../request-loaders';
import { subscriptionRootDirectiveErrors } from './subscription-root-directives';

/** Subscriptions one connection may run at once; the next gets an error and the connection stays open. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

/** Bytes of one WebSocket message; a larger one closes the connection with 1009 (Message Too Big). */
export const MAX_MESSAGE_BYTES = 128 * 1024;

/**
 * Bytes of the server's messages a client may leave unread when it sends another: past it the socket is cut. Each
 * client message may draw an answer (a pong, errors) that waits in memory until the client reads it, ~1 KB each
 * for a 15-byte ping, so a client that sends without reading would otherwise grow the heap until the process dies.
 */
export const MAX_UNREAD_BYTES = 128 * 1024;

/** After the server's close frame (a shutdown, an expired token), how long a client has to answer before it is cut. */
export const CLOSE_GRACE_MS = 1_000;

/** Close codes of the app (4400-4499 mirror HTTP, like graphql-ws's own 4403 Forbidden). */
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
export const CLOSE_SUBSCRIBER_ALREADY_EXISTS = 4409;
export const CLOSE_GOING_AWAY = 1001;

// setTimeout fires at once beyond 2^31 - 1 ms (~24.8 days): a longer-lived token is re-checked then.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the server keeps on each connection (graphql-ws's `extra`, plus what onConnect adds). */
interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  user?: TokenPayload;
  authorization?: string;
  /** Ids of the subscriptions accepted and not yet ended (onComplete), which graphql-ws forgets sooner. */
  running?: Set<string>;
}

type ConnectionContext = Context<Record<string, unknown> | undefined, Extra>;

interface SubscribePayload {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** How the endpoint checks a document over HTTP (its options, after Apollo's merge): reused as they are. */
export interface DocumentRules {
  schema: GraphQLSchema;
  validationRules: readonly ValidationRule[];
  maxTokens?: number;
  introspection: boolean;
  /** No "Did you mean …?" in errors where the schema is not public (production). */
  hideSuggestions: boolean;
  /** The cost limit of operations with variables (cost-limit.ts), which validation cannot price. */
  costLimit?: CostLimit;
  /** The endpoint's error formatter (no stack trace, no internal detail), applied to errors in events too. */
  formatError?: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

/** The document rules an Apollo endpoint applies over HTTP, read from its merged options. */
export function documentRulesOf(options: ApolloDriverConfig): DocumentRules {
  const rules = options.validationRules;
  return {
    schema: options.schema!,
    validationRules: Array.isArray(rules) ? (rules as ValidationRule[]) : [],
    maxTokens: options.parseOptions?.maxTokens,
    introspection: options.introspection !== false,
    hideSuggestions: options.hideSchemaDetailsFromClientErrors === true,
    formatError: options.formatError,
    costLimit: costLimitOf(options.plugins),
  };
}

/**
 * GraphQL over WebSocket (graphql-ws's `graphql-transport-ws` protocol) for the code-first endpoint: who may
 * connect (a valid access token in `connection_init`, at most WS_MAX_CONNECTIONS_PER_USER connections per
 * user, closed when the token expires), what a connection may run (subscriptions only, under the same document
 * rules as HTTP, at most MAX_SUBSCRIPTIONS_PER_CONNECTION at once), and the shutdown (1001 to every client).
 */
@Injectable()
export class SubscriptionServer {
  private readonly logger = new Logger(SubscriptionServer.name);
  private readonly sockets = new Set<WebSocket>();
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly maxPerUser: number;
  private readonly tokenLifetime: number;
  private closing = false;

  constructor(
    private readonly jwt: JwtService,
    config: ConfigService<Environment, true>,
    private readonly metrics: Metrics,
    private readonly logContext: PinoLogger,
  ) {
    this.maxPerUser = config.get('WS_MAX_CONNECTIONS_PER_USER', { infer: true });
    this.tokenLifetime = config.get('JWT_EXPIRES_IN', { infer: true });
  }

  /**
   * The `graphql-ws` options of @nestjs/apollo's `subscriptions`, checking documents as `rules` says. Nest hands
   * them all to graphql-ws's useServer, onComplete too, which its type leaves out.
   */
  options(rules: DocumentRules): GraphQLWsSubscriptionsConfig & Pick<ServerOptions, 'onComplete'> {
    return {
      // graphql-ws closes a connection without connection_init after this long (4408), as by default.
      connectionInitWaitTimeout: 3_000,
      onConnect: (ctx) => this.connect(ctx as ConnectionContext),
      onSubscribe: (ctx, id, payload) => this.subscribe(ctx as ConnectionContext, id, payload, rules),
      onComplete: (ctx, id) => {
        (ctx as ConnectionContext).extra.running?.delete(id);
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        const { formatError } = rules;
        if (!formatError || !('errors' in result) || !result.errors) return undefined;
        const errors = result.errors as readonly GraphQLError[];
        return { ...result, errors: errors.map((error) => formatError(error.toJSON(), error)) };
      },
    };
  }

  /**
   * Every socket from its upgrade on (authenticated or not), so that the shutdown closes them all. Each of its
   * messages is handled in a log context bound to the upgrade's request id, as an HTTP request is (http-logger.ts):
   * every line logged meanwhile (a refused token, a subscription's start) carries it.
   */
  track(socket: WebSocket, requestId: string): void {
    if (this.closing) {
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
      return;
    }
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('message', () => {
      if (socket.readyState !== socket.OPEN || socket.bufferedAmount <= MAX_UNREAD_BYTES) return;
      this.logger.warn(`WebSocket client left ${socket.bufferedAmount} bytes unread: connection cut`);
      socket.terminate();
    });
    // graphql-ws's listener, added when the connection opened, and the one above.
    for (const listener of socket.listeners('message') as Array<(...args: unknown[]) => void>) {
      socket.off('message', listener);
      socket.on('message', (...args: unknown[]) =>
        this.logContext.runInContext(() => listener.apply(socket, args), { bindings: { requestId } }),
      );
    }
  }

  /** Closes every connection with 1001 (Going Away); the GraphQL module's stop waits for every socket. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      [...this.sockets].map((socket) => closeWithinGrace(socket, CLOSE_GOING_AWAY, 'Server shutting down')),
    );
  }

  /** connection_init: false refuses (graphql-ws closes with 4403 unless the socket is closing already). */
  private async connect(ctx: ConnectionContext): Promise<boolean> {
    const { socket } = ctx.extra;
    if (this.closing) {
      socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
      return false;
    }
    const params = ctx.connectionParams ?? {};
    const authorization = params.Authorization ?? params.authorization;
    const token = extractBearerToken(authorization);
    const user = token && (await verifyAccessToken(this.jwt, token, this.tokenLifetime));
    if (!user) {
      this.logger.log('WebSocket connection refused: no valid access token in connection_init (4403)');
      return false;
    }
    if (socket.readyState !== socket.OPEN) return false; // gone while the token was checked

    let sockets = this.byUser.get(user.sub);
    if (!sockets) this.byUser.set(user.sub, (sockets = new Set()));
    if (sockets.size >= this.maxPerUser) {
      this.logger.log(`WebSocket connection refused: user ${user.sub} has ${sockets.size} already (4429)`);
      socket.close(CLOSE_TOO_MANY_CONNECTIONS, 'Too many connections');
      return false;
    }
    sockets.add(socket);
    const expiry = this.closeAtExpiry(socket, user.exp);
    socket.once('close', () => {
      clearTimeout(expiry.timer);
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(user.sub) === sockets) this.byUser.delete(user.sub);
    });
    ctx.extra.user = user;
    ctx.extra.authorization = `Bearer ${token}`;
    return true;
  }

  /** The token's end is the connection's end: 4403 when it expires (the client logs in or refreshes, then reconnects). */
  private closeAtExpiry(socket: WebSocket, exp: number): { timer?: NodeJS.Timeout } {
    const expiry: { timer?: NodeJS.Timeout } = {};
    const arm = () => {
      const left = exp * 1000 - Date.now();
      if (left <= 0) {
        // Cut if unanswered: the connection holds one of the user's places until it is closed.
        void closeWithinGrace(socket, CLOSE_FORBIDDEN, 'Token expired');
        return;
      }
      expiry.timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    };
    arm();
    return expiry;
  }

  /** subscribe, counted in graphql_operations_total like an operation over HTTP (refused: `rejected`). */
  private subscribe(ctx: ConnectionContext, id: string, payload: SubscribePayload, rules: DocumentRules) {
    const running = (ctx.extra.running ??= new Set());
    // graphql-ws forgets an id as soon as its client completes it, before the subscription has ended: another
    // under that id meanwhile would lose its place in graphql-ws's books, and so never be ended or counted. It
    // is a duplicate until then, closed as graphql-ws closes one (4409).
    if (running.has(id)) {
      const message = `Subscriber for ${id} already exists`;
      ctx.extra.socket.close(CLOSE_SUBSCRIBER_ALREADY_EXISTS, message);
      return [new GraphQLError(message)];
    }
    const checked = this.check(ctx, payload, rules);
    this.metrics.countGraphqlOperation(
      Array.isArray(checked)
        ? undefined
        : (getOperationAST(checked.document, checked.operationName) ?? undefined),
    );
    if (!Array.isArray(checked)) running.add(id);
    return checked;
  }

  /**
   * The document is parsed and validated here, with the endpoint's own rules (depth, aliases, cost, no
   * introspection in production) and refused with the codes Apollo gives over HTTP; it runs with a context like an
   * HTTP request's, so the global guard checks the connection's token on the subscription as it would on a POST.
   */
  private check(ctx: ConnectionContext, payload: SubscribePayload, rules: DocumentRules) {
    // graphql-ws has already recorded this one.
    if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      return [
        new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection.`, {
          extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
        }),
      ];
    }
    const document = parseAndValidate(payload.query, rules);
    if (Array.isArray(document)) return document;
    const operation = subscriptionOf(document, payload.operationName);
    if (Array.isArray(operation)) return operation;
    // Checked here, as Apollo does before it executes: graphql-js would answer them without a code.
    const variables = getVariableValues(
      rules.schema,
      operation.variableDefinitions ?? [],
      payload.variables ?? {},
      {
        maxErrors: 50,
        hideSuggestions: rules.hideSuggestions,
      },
    );
    if (variables.errors) {
      return variables.errors.map((error) => withCode(error, ApolloServerErrorCode.BAD_USER_INPUT));
    }
    const tooCostly = rules.costLimit?.refusal(rules.schema, document, operation, payload.variables);
    if (tooCostly) return [withCode(tooCostly, ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED)];
    const req = { headers: { authorization: ctx.extra.authorization }, user: ctx.extra.user } as Request;
    return {
      schema: rules.schema,
      document,
      operationName: payload.operationName,
      variableValues: payload.variables,
      contextValue: { req, loaders: new RequestLoaders() } satisfies GraphqlContext,
    };
  }
}

/**
 * Closes `socket` with `code`, and cuts it if the client has not answered within CLOSE_GRACE_MS: ws would wait
 * 30 s for its close frame. Resolves once the socket is closed.
 */
function closeWithinGrace(socket: WebSocket, code: number, reason: string): Promise<void> {
  return new Promise<void>((resolve) => {
    if (socket.readyState === socket.CLOSED) return resolve();
    const cut = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(cut);
      resolve();
    });
    socket.close(code, reason);
  });
}

/** The document, or the errors Apollo would answer over HTTP for its syntax and validation. */
function parseAndValidate(query: string, rules: DocumentRules): DocumentNode | GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: rules.maxTokens });
  } catch (error) {
    return [
      withCode(
        error instanceof GraphQLError ? error : new GraphQLError('Syntax error.'),
        ApolloServerErrorCode.GRAPHQL_PARSE_FAILED,
      ),
    ];
  }
  const rootDirectiveErrors = subscriptionRootDirectiveErrors(document);
  if (rootDirectiveErrors.length > 0) return rootDirectiveErrors;
  const errors = validate(
    rules.schema,
    document,
    [
      ...specifiedRules,
      ...(rules.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
      ...rules.validationRules,
    ],
    { hideSuggestions: rules.hideSuggestions, maxErrors: 100 },
  );
  if (errors.length > 0)
    return errors.map((error) => withCode(error, ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED));
  return document;
}

/** The operation to run, or why there is none: not found (graphql-js's messages, as Apollo answers), not a subscription. */
function subscriptionOf(
  document: DocumentNode,
  operationName?: string | null,
): OperationDefinitionNode | GraphQLError[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    const message = operationName
      ? `Unknown operation named "${operationName}".`
      : 'Must provide operation name if query contains multiple operations.';
    return [
      new GraphQLError(message, { extensions: { code: ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE } }),
    ];
  }
  if (operation.operation !== 'subscription') {
    return [
      new GraphQLError('Only subscriptions go over WebSocket: send queries and mutations as HTTP POST.', {
        extensions: { code: ApolloServerErrorCode.BAD_REQUEST },
      }),
    ];
  }
  return operation;
}

/**
 * The error with the code Apollo gives it over HTTP, and its message as formatGraphqlError words it there; without
 * the `http` extension (an HTTP status, which Apollo takes out of its answers and which means nothing here).
 */
function withCode(error: GraphQLError, code: string): GraphQLError {
  const extensions: Record<string, unknown> = { ...error.extensions, code };
  delete extensions.http;
  return new GraphQLError(explainedValidationMessage(error.message), { nodes: error.nodes, extensions });
}
