import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Injectable, Logger } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { WebSocket, WebSocketServer } from 'ws';
import { hasRepeatedHost } from '../../common/http/single-host';
import { REQUEST_ID_HEADER, requestIdFor } from '../../common/logging/http-logger';
import { documentRulesOf, MAX_MESSAGE_BYTES, SubscriptionServer } from './subscription-server';

/** The path of a request URL, as ws matches it: without the query. */
const pathnameOf = (url = '') => url.split('?', 1)[0];

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * graphql-ws reports each message it could not write with console.error and a stack: a client that queues
 * thousands of pings and leaves before their pongs are written gets thousands of lines. A write fails only once
 * the peer is gone, and ws closes the socket then; the writer is told the message went.
 */
function ignoreFailedWrites(socket: WebSocket): void {
  const send = socket.send.bind(socket) as (data: unknown, options: object, done?: () => void) => void;
  socket.send = ((data: unknown, options?: object | (() => void), done?: () => void) => {
    const callback = typeof options === 'function' ? options : done;
    send(data, typeof options === 'object' ? options : {}, callback && (() => callback()));
  }) as WebSocket['send'];
}

/**
 * Apollo's driver with GraphQL subscriptions over WebSocket on the endpoint's own path, through @nestjs/apollo's
 * `subscriptions: { 'graphql-ws': … }` option (the legacy subscriptions-transport-ws protocol stays off). It adds
 * what that option leaves out: the document rules of the endpoint's HTTP side, a bound on message size, and an
 * answer to WebSocket upgrades on any other path (404), which would otherwise hang, or with two Host headers (400).
 */
@Injectable()
export class SubscriptionsApolloDriver extends ApolloDriver {
  private routeUpgrades?: UpgradeListener;
  private readonly logger = new Logger('Subscriptions');

  constructor(
    modulesContainer: ModulesContainer,
    private readonly subscriptionServer: SubscriptionServer,
  ) {
    super(modulesContainer);
  }

  override async start(options: ApolloDriverConfig): Promise<void> {
    // Merged by now: the validation rules and parse options are those Apollo applies over HTTP.
    options.subscriptions = { 'graphql-ws': this.subscriptionServer.options(documentRulesOf(options)) };
    const server = this.httpAdapterHost.httpAdapter.getHttpServer() as Server;
    const before = new Set(server.listeners('upgrade'));
    await super.start(options);
    this.configure(this.webSocketServer());

    // Nest's listener hands ws every upgrade whose URL starts with the path (`/graphqlx` too), and ws refuses
    // those with 400: the path's own upgrades go to Nest's listener, every other gets 404.
    const added = (server.listeners('upgrade') as UpgradeListener[]).filter(
      (listener) => !before.has(listener),
    );
    // As webSocketServer(): a version of @nestjs/graphql that attaches it otherwise fails the start, not the upgrades.
    if (added.length !== 1) {
      throw new Error(
        `GraphQL subscriptions: expected one upgrade listener from Nest, found ${added.length}`,
      );
    }
    const [nest] = added;
    server.off('upgrade', nest);
    const path = options.path ?? '/graphql';
    this.routeUpgrades = (request, socket, head) => {
      const refusal = hasRepeatedHost(request.rawHeaders)
        ? '400 Bad Request' // as refuseRepeatedHost answers an HTTP request
        : pathnameOf(request.url) === path
          ? undefined
          : '404 Not Found';
      if (!refusal) return nest.call(server, request, socket, head);
      socket.on('error', () => undefined);
      // Destroyed once the answer is written, whatever the client does.
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
        socket.destroy(),
      );
    };
    server.on('upgrade', this.routeUpgrades);
  }

  override async stop(): Promise<void> {
    if (this.routeUpgrades) {
      (this.httpAdapterHost.httpAdapter.getHttpServer() as Server).off('upgrade', this.routeUpgrades);
    }
    await super.stop();
  }

  /**
   * ws accepts messages of up to 100 MiB by default, buffered whole before graphql-ws sees them (connection_init
   * included, so before any token is checked). Nest's subscription service creates its WebSocketServer without
   * a `maxPayload` option and keeps it private; ws reads `options.maxPayload` at each new connection, so it is
   * set here (graphql-ws's own useServer sets `options.handleProtocols` on that server the same way). Every socket
   * is handed to the SubscriptionServer from its upgrade on, for the shutdown.
   *
   * A socket's errors are frames ws refuses from the client (too big, malformed), and ws closes the connection
   * itself with the matching code (1009, 1002, 1007). graphql-ws reports them with console.error and a stack, past
   * the app's logs: a line the log format does not allow, one per bad frame any client cares to send. Its listener,
   * added by the `connection` listener before this one, is replaced by a debug line through the app's logger.
   */
  private configure(wss: WebSocketServer): void {
    wss.options.maxPayload = MAX_MESSAGE_BYTES;
    // The upgrade is a request like any other: its answer (101) carries its X-Request-Id, kept or made.
    wss.on('headers', (headers, request) => {
      request.id = requestIdFor(request.headers['x-request-id']);
      headers.push(`${REQUEST_ID_HEADER}: ${request.id}`);
    });
    wss.on('connection', (socket, request) => {
      socket.removeAllListeners('error');
      // Debug: any client can send a bad frame, as many times as it connects.
      socket.on('error', (error) => this.logger.debug(`WebSocket connection closed: ${error.message}`));
      ignoreFailedWrites(socket);
      this.subscriptionServer.track(socket, String(request.id));
    });
  }

  /** If a version of @nestjs/graphql moves it, the start fails rather than run without the bounds. */
  private webSocketServer(): WebSocketServer {
    const service = (this as unknown as { _subscriptionService?: { wss?: WebSocketServer } })
      ._subscriptionService;
    const wss = service?.wss;
    if (!wss?.options) throw new Error('GraphQL subscriptions: the WebSocket server was not found');
    return wss;
  }
}
