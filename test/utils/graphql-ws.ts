import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { type Client, createClient, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { DatabasePubSub } from '../../src/database/database-pubsub';
import type { TestApp } from './test-app';

/** Starts the test app's HTTP server on an ephemeral loopback port: the ws:// URL of its code-first endpoint. */
export async function listenForWebSockets(sut: Pick<TestApp, 'http'>, path = '/graphql'): Promise<string> {
  const server = sut.http as import('node:http').Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

export interface WsConnection {
  client: Client;
  /** Resolves when the server acknowledges connection_init. */
  connected: Promise<void>;
  /** The close event's code and reason, whoever closed. */
  closed: Promise<{ code: number; reason: string }>;
}

/**
 * A real graphql-ws client (graphql-transport-ws), connecting at once, never retrying; `connectionParams` is the
 * connection_init payload (`{ Authorization: 'Bearer …' }`).
 */
export function connectWs(url: string, connectionParams?: Record<string, unknown>): WsConnection {
  let onConnected!: () => void;
  let onClosed!: (event: { code: number; reason: string }) => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClosed = resolve));
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: {
      connected: () => onConnected(),
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: unknown };
        onClosed({ code, reason: String(reason) });
      },
    },
  });
  return { client, connected, closed };
}

/** A subscription's results, read one at a time. */
export function subscribeWs<T = Record<string, unknown>>(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): AsyncIterableIterator<FormattedExecutionResult<T, unknown>> {
  return client.iterate<T>({ query, variables });
}

/** Waits until `count` subscribers of `channel` listen in the app (a subscription is asynchronous to its client). */
export function untilSubscribed(sut: Pick<TestApp, 'app'>, channel: string, count: number): Promise<void> {
  return untilSubscribers(sut, channel, (n) => n >= count, `${count} subscribers`);
}

/** Waits until no subscriber of `channel` is left (a closed client's subscriptions end asynchronously too). */
export function untilUnsubscribed(sut: Pick<TestApp, 'app'>, channel: string): Promise<void> {
  return untilSubscribers(sut, channel, (n) => n === 0, 'no subscriber');
}

async function untilSubscribers(
  sut: Pick<TestApp, 'app'>,
  channel: string,
  done: (count: number) => boolean,
  what: string,
): Promise<void> {
  const pubsub = sut.app.get(DatabasePubSub);
  const deadline = Date.now() + 5_000;
  while (!done(pubsub.subscriberCount(channel))) {
    if (Date.now() > deadline) {
      throw new Error(`${channel}: ${pubsub.subscriberCount(channel)} subscribers, waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Sends connection_init on a raw graphql-transport-ws socket; resolves to the type of the server's first message
 * (`connection_ack`), or to `closed <code>` when the server closes instead, so that a refusal fails a test at once
 * with its code rather than by a timeout.
 */
export function initConnection(socket: WebSocket, payload: Record<string, unknown>): Promise<string> {
  const answer = new Promise<string>((resolve) => {
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()).type));
    socket.once('close', (code: number) => resolve(`closed ${code}`));
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload }));
  return answer;
}

/**
 * A WebSocket client that completes the upgrade (graphql-transport-ws) and then never reads or answers anything,
 * not even a close frame: what a frozen or hostile client looks like to the server. `ended` resolves when the
 * server drops the TCP connection.
 */
export async function silentWebSocket(url: string): Promise<{ socket: Socket; ended: Promise<void> }> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(
    [
      `GET ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Protocol: graphql-transport-ws',
      '',
      '',
    ].join('\r\n'),
  );
  const response = await new Promise<string>((resolve) =>
    socket.once('data', (chunk) => resolve(String(chunk))),
  );
  if (!response.startsWith('HTTP/1.1 101')) throw new Error(`no upgrade: ${response.split('\r\n')[0]}`);
  socket.on('data', () => undefined); // reads what comes (so the end is seen), answers nothing
  return { socket, ended };
}
