import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { WebSocketServer } from 'ws';
import { documentRulesOf, MAX_MESSAGE_BYTES, SubscriptionServer } from './subscription-server';

/**
 * Apollo's driver with GraphQL subscriptions over WebSocket on the endpoint's own path, through @nestjs/apollo's
 * `subscriptions: { 'graphql-ws': … }` option (the legacy subscriptions-transport-ws protocol stays off). It adds
 * what that option leaves out: the document rules of the endpoint's HTTP side, a bound on message size, and an
 * answer (404) to WebSocket upgrades on any other path, which would otherwise hang.
 */
@Injectable()
export class SubscriptionsApolloDriver extends ApolloDriver {
  private refuseOtherUpgrades?: (request: IncomingMessage, socket: Duplex) => void;

  constructor(
    modulesContainer: ModulesContainer,
    private readonly subscriptionServer: SubscriptionServer,
  ) {
    super(modulesContainer);
  }

  override async start(options: ApolloDriverConfig): Promise<void> {
    // Merged by now: the validation rules and parse options are those Apollo applies over HTTP.
    options.subscriptions = { 'graphql-ws': this.subscriptionServer.options(documentRulesOf(options)) };
    await super.start(options);
    this.configure(this.webSocketServer());

    const path = options.path ?? '/graphql';
    const server = this.httpAdapterHost.httpAdapter.getHttpServer() as Server;
    // Nest's listener takes the upgrades whose URL starts with the path; this one answers every other.
    this.refuseOtherUpgrades = (request, socket) => {
      if (request.url?.startsWith(path)) return;
      socket.on('error', () => undefined);
      // Destroyed once the answer is written, whatever the client does.
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () =>
        socket.destroy(),
      );
    };
    server.on('upgrade', this.refuseOtherUpgrades);
  }

  override async stop(): Promise<void> {
    if (this.refuseOtherUpgrades) {
      (this.httpAdapterHost.httpAdapter.getHttpServer() as Server).off('upgrade', this.refuseOtherUpgrades);
    }
    await super.stop();
  }

  /**
   * ws accepts messages of up to 100 MiB by default, buffered whole before graphql-ws sees them (connection_init
   * included, so before any token is checked). Nest's subscription service creates its WebSocketServer without
   * a `maxPayload` option and keeps it private; ws reads `options.maxPayload` at each new connection, so it is
   * set here (graphql-ws's own useServer sets `options.handleProtocols` on that server the same way). Every socket
   * is handed to the SubscriptionServer from its upgrade on, for the shutdown.
   */
  private configure(wss: WebSocketServer): void {
    wss.options.maxPayload = MAX_MESSAGE_BYTES;
    wss.on('connection', (socket) => this.subscriptionServer.track(socket));
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
