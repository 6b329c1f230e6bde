import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import request from 'supertest';
import WebSocket from 'ws';
import { VALIDATION_BUDGET_MESSAGE } from '../src/graphql/format-graphql-error';
import {
  CLOSE_GOING_AWAY,
  CLOSE_GRACE_MS,
  CLOSE_SUBSCRIBER_ALREADY_EXISTS,
  MAX_MESSAGE_BYTES,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  MAX_UNREAD_BYTES,
} from '../src/graphql/subscriptions/subscription-server';
import { PROBE } from './fixtures/probe/probe.module';
import { PROBE_NOTE_ADDED_CHANNEL } from './fixtures/probe/probe-notes.service';
import { graphqlClient } from './utils/graphql';
import {
  connectWs,
  initConnection,
  listenForWebSockets,
  silentWebSocket,
  subscribeWs,
  untilSubscribed,
  untilUnsubscribed,
  type WsConnection,
} from './utils/graphql-ws';
import { forgeJwt } from './utils/jwt';
import { nextWithin } from './utils/next-within';
import { sendRawHttp } from './utils/raw-http';
import { createTestApp, TEST_JWT_SECRET, useTestApp } from './utils/test-app';

// The plumbing, on the test-only probe's notes (test/fixtures/probe): probeNoteAdded emits every note that
// createProbeNote stores. The demo's postAdded: test/demo/subscriptions.e2e-spec.ts.
const NOTE_ADDED = 'subscription ($userId: Int) { probeNoteAdded(userId: $userId) { id text userId } }';
const CREATE_NOTE =
  'mutation ($text: String!) { createProbeNote(input: { text: $text }) { id text userId } }';

describe('GraphQL subscriptions over WebSocket (graphql-transport-ws on /graphql)', () => {
  const sut = useTestApp({}, PROBE);
  const gql = graphqlClient(sut, '/graphql');
  let url: string;
  const open: WsConnection[] = [];

  beforeAll(async () => {
    url = await listenForWebSockets(sut);
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map(({ client }) => client.dispose()));
    // Each test counts its own subscribers (untilSubscribed).
    await untilUnsubscribed(sut, PROBE_NOTE_ADDED_CHANNEL);
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const connect = (params?: Record<string, unknown>) => {
    const connection = connectWs(url, params);
    open.push(connection);
    return connection;
  };
  /** Stores a note as bob (user 2) or another user; note texts are unique. */
  const createNote = async (text: string, token = sut.bobToken()) => {
    const body = await gql<{ createProbeNote: { id: number; text: string; userId: number } }>(CREATE_NOTE, {
      variables: { text },
      auth: `Bearer ${token}`,
    });
    expect(body.errors).toBeUndefined();
    return body.data!.createProbeNote;
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const claims = (lifetime = 60) => ({
    sub: 2,
    username: 'bob',
    roles: ['user'],
    iat: nowSeconds(),
    exp: nowSeconds() + lifetime,
  });

  it('should deliver a note created over HTTP to a subscriber', async () => {
    const { client, connected } = connect(bearer(sut.aliceToken()));
    await connected;
    const results = subscribeWs(client, NOTE_ADDED);
    const pending = nextWithin(results);
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 1);

    const note = await createNote('Live from the probe');

    await expect(pending).resolves.toEqual({ done: false, value: { data: { probeNoteAdded: note } } });
  });

  it("should deliver only the given user's notes when filtered by an argument", async () => {
    const { client, connected } = connect(bearer(sut.aliceToken()));
    await connected;
    const ofAlice = subscribeWs<{ probeNoteAdded: { text: string } }>(client, NOTE_ADDED, { userId: 1 });
    const ofBob = subscribeWs<{ probeNoteAdded: { text: string } }>(client, NOTE_ADDED, { userId: 2 });
    const nextOfAlice = nextWithin(ofAlice);
    const nextOfBob = nextWithin(ofBob);
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 2);

    await createNote('By bob, first');
    await createNote('By alice, second', sut.aliceToken());

    expect((await nextOfAlice).value).toEqual({
      data: { probeNoteAdded: expect.objectContaining({ text: 'By alice, second' }) },
    });
    expect((await nextOfBob).value).toEqual({
      data: { probeNoteAdded: expect.objectContaining({ text: 'By bob, first' }) },
    });
  });

  it.each([
    ['no connection_init payload', undefined],
    ['no token', {}],
    ['another scheme', { Authorization: `Token ${'x'.repeat(20)}` }],
    ['a bad signature', bearer(forgeJwt(claims(), { secret: 'another-secret-of-at-least-32-characters' }))],
    ['alg: none', bearer(forgeJwt(claims(), { secret: TEST_JWT_SECRET, alg: 'none' }))],
    ['HS512', bearer(forgeJwt(claims(), { secret: TEST_JWT_SECRET, alg: 'HS512' }))],
    ['no exp', bearer(forgeJwt({ ...claims(), exp: undefined }, { secret: TEST_JWT_SECRET }))],
    [
      'an expired token',
      bearer(
        forgeJwt(
          { ...claims(), iat: nowSeconds() - 120, exp: nowSeconds() - 60 },
          { secret: TEST_JWT_SECRET },
        ),
      ),
    ],
  ])('should close the connection with 4403 given %s', async (_, params) => {
    const { closed } = connect(params);

    await expect(closed).resolves.toEqual({ code: 4403, reason: 'Forbidden' });
  });

  it('should close the connection with 4403 when its token expires', async () => {
    const { client, connected, closed } = connect(bearer(forgeJwt(claims(2), { secret: TEST_JWT_SECRET })));
    await connected;
    const results = subscribeWs(client, NOTE_ADDED);
    const started = Date.now();

    await expect(closed).resolves.toEqual({ code: 4403, reason: 'Token expired' });
    expect(Date.now() - started).toBeLessThan(3_500);
    await expect(results.next()).rejects.toBeDefined();
  });

  it('should refuse the 11th connection of one user with 4429 (WS_MAX_CONNECTIONS_PER_USER = 10)', async () => {
    const ten = Array.from({ length: 10 }, () => connect(bearer(sut.aliceToken())));
    await Promise.all(ten.map(({ connected }) => connected));

    const eleventh = connect(bearer(sut.aliceToken()));
    await expect(eleventh.closed).resolves.toEqual({ code: 4429, reason: 'Too many connections' });
    // Per user: another one still connects; and a closed connection frees its place.
    await connect(bearer(sut.bobToken())).connected;
    await ten[0].client.dispose();
    await ten[0].closed;
    await connect(bearer(sut.aliceToken())).connected;
  });

  it(`should refuse a subscription past ${MAX_SUBSCRIPTIONS_PER_CONNECTION} on one connection`, async () => {
    const { client, connected } = connect(bearer(sut.aliceToken()));
    await connected;
    const running = Array.from({ length: MAX_SUBSCRIPTIONS_PER_CONNECTION }, () =>
      subscribeWs(client, NOTE_ADDED),
    );
    const pending = running.map((results) => results.next());
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, MAX_SUBSCRIPTIONS_PER_CONNECTION);

    const extra = subscribeWs(client, NOTE_ADDED);

    await expect(extra.next()).rejects.toEqual([
      expect.objectContaining({
        message: `At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection.`,
        extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' },
      }),
    ]);
    // The connection and its subscriptions are still there.
    await createNote('Still delivered');
    await expect(pending[0]).resolves.toEqual({
      done: false,
      value: { data: { probeNoteAdded: expect.objectContaining({ text: 'Still delivered' }) } },
    });
  });

  it('should end every subscription of a client that re-subscribes under an id it has just completed', async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const acknowledged = new Promise<void>((resolve) =>
      socket.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') resolve();
      }),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: bearer(sut.aliceToken()) }));
    await acknowledged;
    const subscribe = JSON.stringify({ id: 'x', type: 'subscribe', payload: { query: NOTE_ADDED } });
    socket.send(subscribe);
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 1);

    // Each subscribe arrives while the subscription it replaces is still ending.
    for (let i = 0; i < 50; i += 1) {
      socket.send(JSON.stringify({ id: 'x', type: 'complete' }));
      socket.send(subscribe);
    }

    // graphql-ws's own answer to a duplicate id: the connection is closed, and with it every subscription.
    await expect(closed).resolves.toBe(CLOSE_SUBSCRIBER_ALREADY_EXISTS);
    await untilUnsubscribed(sut, PROBE_NOTE_ADDED_CHANNEL);
  });

  it('should run subscriptions only: queries and mutations go over HTTP', async () => {
    const { client } = connect(bearer(sut.aliceToken()));

    await expect(subscribeWs(client, '{ probeNotes { id } }').next()).rejects.toEqual([
      expect.objectContaining({ extensions: { code: 'BAD_REQUEST' } }),
    ]);
  });

  it.each([
    [
      'a variable of the wrong type',
      { query: NOTE_ADDED, variables: { userId: 'x' } },
      'BAD_USER_INPUT',
      'Variable "$userId" got invalid value "x"; Int cannot represent non-integer value: "x"',
    ],
    [
      'a required variable left out',
      { query: 'subscription ($id: Int!) { probeNoteAdded(userId: $id) { id } }' },
      'BAD_USER_INPUT',
      'Variable "$id" of required type "Int!" was not provided.',
    ],
    [
      'two operations and no operationName',
      { query: 'subscription A { probeNoteAdded { id } } subscription B { probeNoteAdded { text } }' },
      'OPERATION_RESOLUTION_FAILURE',
      'Must provide operation name if query contains multiple operations.',
    ],
    [
      'an unknown operationName',
      { query: 'subscription A { probeNoteAdded { id } }', operationName: 'Z' },
      'OPERATION_RESOLUTION_FAILURE',
      'Unknown operation named "Z".',
    ],
  ])('should answer %s with the error and code HTTP gives it', async (_case, payload, code, message) => {
    const { client } = connect(bearer(sut.aliceToken()));

    await expect(client.iterate(payload).next()).rejects.toEqual([
      expect.objectContaining({ message, extensions: { code } }),
    ]);
  });

  it('should answer an invalid document with its validation errors', async () => {
    const { client } = connect(bearer(sut.aliceToken()));

    await expect(subscribeWs(client, 'subscription { probeNoteAdded { nope } }').next()).rejects.toEqual([
      expect.objectContaining({
        message: expect.stringContaining('nope'),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
  });

  it("should say why graphql-js's validation aborted, as over HTTP", async () => {
    const { client } = connect(bearer(sut.aliceToken()));
    const query = `subscription { probeNoteAdded { ${'__typename '.repeat(900)}} }`;

    await expect(nextWithin(subscribeWs(client, query))).rejects.toEqual([
      expect.objectContaining({
        message: VALIDATION_BUDGET_MESSAGE,
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
  });

  it('should refuse @skip or @include on the root field as a validation error, and keep the connection', async () => {
    const { client } = connect(bearer(sut.aliceToken()));
    const message =
      'Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.';

    for (const payload of [
      { query: 'subscription { probeNoteAdded @skip(if: true) { id } }' },
      {
        query: 'subscription ($on: Boolean!) { probeNoteAdded @include(if: $on) { id } }',
        variables: { on: true },
      },
    ]) {
      await expect(client.iterate(payload).next()).rejects.toEqual([
        expect.objectContaining({ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
      ]);
    }
    const pending = nextWithin(subscribeWs(client, NOTE_ADDED));
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 1);
    const note = await createNote('Still subscribed');
    await expect(pending).resolves.toMatchObject({ value: { data: { probeNoteAdded: { id: note.id } } } });
  });

  it(`should close the connection with 1009 on a message over ${MAX_MESSAGE_BYTES} bytes, before any token check`, async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.on('open', resolve));

    const printed = jest.spyOn(console, 'error');
    const logged = jest.spyOn(Logger.prototype, 'debug');

    socket.send(
      JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(MAX_MESSAGE_BYTES) } }),
    );

    await expect(closed).resolves.toBe(1009);
    // Through the app's logger, one line, not graphql-ws's console.error with a stack.
    expect(logged).toHaveBeenCalledWith('WebSocket connection closed: Max payload size exceeded');
    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
    logged.mockRestore();
  });

  it(`should cut a client that sends without reading once ${MAX_UNREAD_BYTES} bytes wait for it`, async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    const warned = jest.spyOn(Logger.prototype, 'warn');
    await expect(initConnection(socket, bearer(sut.aliceToken()))).resolves.toBe('connection_ack');
    (socket as unknown as { _socket: Socket })._socket.pause(); // reads nothing from here on

    // Each ping draws a pong that echoes its payload, kept in memory until the client reads it: without a cut,
    // the heap grows without end (a 15-byte ping costs ~1 KB).
    const ping = JSON.stringify({ type: 'ping', payload: { padding: 'x'.repeat(60_000) } });
    let sent = 0;
    while (!isClosed && sent < 10_000) {
      for (let i = 0; i < 10; i += 1, sent += 1) socket.send(ping);
      await new Promise((resolve) => setImmediate(resolve));
    }

    await expect(closed).resolves.toBe(1006); // cut, not closed: a close frame would wait behind the pongs
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/^WebSocket client left \d+ bytes unread: connection cut$/),
    );
    warned.mockRestore();
  });

  it('should count subscriptions in graphql_operations_total, refused ones as rejected', async () => {
    const { client, connected } = connect(bearer(sut.aliceToken()));
    await connected;
    const counts = async () => (await request(sut.http).get('/metrics').expect(200)).text;
    const count = (text: string, labels: string) =>
      Number(new RegExp(`^graphql_operations_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const named = 'operation_name="WatchNotes",operation_type="subscription",outcome="success"';
    const rejected = 'operation_name="unknown",operation_type="unknown",outcome="rejected"';
    const before = await counts();

    void subscribeWs(client, 'subscription WatchNotes { probeNoteAdded { id } }').next();
    await expect(
      subscribeWs(client, 'subscription { probeNoteAdded { nope } }').next(),
    ).rejects.toBeDefined();
    await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 1);

    const after = await counts();
    expect(count(after, named) - count(before, named)).toBe(1);
    expect(count(after, rejected) - count(before, rejected)).toBe(1);
  });

  it('should not speak the legacy subscriptions-transport-ws protocol', async () => {
    // The server agrees to no subprotocol (then closes with 4406): a legacy client gives up at the handshake.
    const socket = new WebSocket(url, 'graphql-ws');
    const failure = new Promise<string>((resolve) => socket.on('error', (error) => resolve(error.message)));

    await expect(failure).resolves.toBe('Server sent no subprotocol');
  });

  it('should say nothing outside its logs when the writes of a client that has gone fail', async () => {
    const printed = jest.spyOn(console, 'error');
    const socket = new WebSocket(url, 'graphql-transport-ws');
    await new Promise((resolve) => socket.on('open', resolve));
    const closed = new Promise((resolve) => socket.on('close', resolve));

    // Thousands of pongs to write, to a peer that is gone before they are.
    for (let i = 0; i < 5_000; i++) socket.send('{"type":"ping"}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    (socket as unknown as { _socket: Socket })._socket.destroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(printed).not.toHaveBeenCalled();
    printed.mockRestore();
  });

  it.each(['/schema-first/graphql', '/other', '/graphql/', '/graphqlx'])(
    'should answer 404 to a WebSocket upgrade on %s',
    async (path) => {
      const socket = new WebSocket(url.replace('/graphql', path), 'graphql-transport-ws');
      const status = await new Promise<number>((resolve, reject) => {
        socket.on('unexpected-response', (_, response) => resolve(response.statusCode ?? 0));
        socket.on('open', () => reject(new Error('upgraded')));
        socket.on('error', () => undefined);
      });

      expect(status).toBe(404);
    },
  );

  it('should answer 400 to a WebSocket upgrade with two Host headers, as to any request', async () => {
    const answer = await sendRawHttp(
      Number(new URL(url).port),
      [
        'GET /graphql HTTP/1.1',
        'Host: acme.example.com',
        'Host: globex.example.com',
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol: graphql-transport-ws',
        '',
        '',
      ].join('\r\n'),
    );

    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
  });
});

describe('GraphQL subscriptions: limits and shutdown', () => {
  it('should apply the depth, alias and cost limits, and the production rules, to subscription documents', async () => {
    const sut = await createTestApp(
      { NODE_ENV: 'production', GRAPHQL_MAX_DEPTH: '1', GRAPHQL_MAX_ALIASES: '1', GRAPHQL_MAX_COST: '3' },
      PROBE,
    );
    try {
      const url = await listenForWebSockets(sut);
      const { client, connected } = connectWs(url, { Authorization: `Bearer ${sut.aliceToken()}` });
      await connected;
      const refusal = (query: string) => subscribeWs(client, query).next();

      await expect(refusal('subscription { probeNoteAdded { id } }')).rejects.toEqual([
        expect.objectContaining({ message: 'Query depth 2 exceeds the limit of 1.' }),
      ]);
      await expect(
        refusal('subscription { a: probeNoteAdded { id } b: probeNoteAdded { id } }'),
      ).rejects.toEqual(
        expect.arrayContaining([
          expect.objectContaining({ message: 'Query aliases 2 exceeds the limit of 1.' }),
        ]),
      );
      await expect(refusal('subscription { probeNoteAdded { id text userId __typename } }')).rejects.toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            message: expect.stringMatching(/^Query cost \d+ exceeds the limit of 3\.$/),
          }),
        ]),
      );
      await expect(refusal('subscription { __schema { types { name } } }')).rejects.toEqual(
        expect.arrayContaining([
          expect.objectContaining({ message: expect.stringContaining('introspection') }),
        ]),
      );
      // Production hides the schema's names in errors, as over HTTP (elsewhere: 'Did you mean "text"?').
      await expect(refusal('subscription { probeNoteAdded { txt } }')).rejects.toContainEqual(
        expect.objectContaining({ message: 'Cannot query field "txt" on type "ProbeNote".' }),
      );
      await client.dispose();
    } finally {
      await sut.close();
    }
  });

  it('should price a subscription with variables at their values (their defaults when left out), as literals', async () => {
    // createTestApp leaves its env in process.env: the default depth again, after the test that lowers it.
    const sut = await createTestApp({ GRAPHQL_MAX_COST: '11', GRAPHQL_MAX_DEPTH: '8' }, PROBE);
    try {
      const url = await listenForWebSockets(sut);
      const { client, connected } = connectWs(url, { Authorization: `Bearer ${sut.aliceToken()}` });
      await connected;
      const query = 'subscription ($n: Int) { probeNoteAdded { id words(limit: $n) } }';
      // probeNoteAdded and id: 2, and one per word; 10 words by default.
      const tooCostly = [
        expect.objectContaining({
          message: 'Query cost 12 exceeds the limit of 11.',
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      ];

      await expect(nextWithin(subscribeWs(client, query, { n: 10 }))).rejects.toEqual(tooCostly);
      await expect(nextWithin(subscribeWs(client, query))).rejects.toEqual(tooCostly);
      await expect(
        nextWithin(subscribeWs(client, 'subscription { probeNoteAdded { id words(limit: 10) } }')),
      ).rejects.toEqual(tooCostly);
      const answered = nextWithin(subscribeWs(client, query, { n: 2 }));
      await untilSubscribed(sut, PROBE_NOTE_ADDED_CHANNEL, 1);
      const created = await graphqlClient(sut, '/graphql')(CREATE_NOTE, {
        variables: { text: 'one two three' },
        auth: `Bearer ${sut.bobToken()}`,
      });
      expect(created.errors).toBeUndefined();
      await expect(answered).resolves.toMatchObject({
        value: { data: { probeNoteAdded: { words: ['one', 'two'] } } },
      });
      await client.dispose();
    } finally {
      await sut.close();
    }
  });

  it("should free an expired connection's place within the grace, even when its client does not answer", async () => {
    const sut = await createTestApp({ WS_MAX_CONNECTIONS_PER_USER: '1' });
    try {
      const url = await listenForWebSockets(sut);
      // Two seconds at least: a slow database must not let the token expire before connection_init is answered.
      const exp = Math.floor(Date.now() / 1000) + 3;
      const token = forgeJwt(
        { sub: 2, username: 'bob', roles: ['user'], iat: exp - 3, exp },
        { secret: TEST_JWT_SECRET },
      );
      const stalled = new WebSocket(url, 'graphql-transport-ws');
      await new Promise((resolve) => stalled.on('open', resolve));
      await expect(initConnection(stalled, { Authorization: `Bearer ${token}` })).resolves.toBe(
        'connection_ack',
      );
      (stalled as unknown as { _socket: Socket })._socket.pause(); // never reads the close frame

      await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + CLOSE_GRACE_MS + 300));

      // ws alone would keep the stalled socket, and bob's place, for 30 s: this one would get 4429.
      const fresh = connectWs(url, { Authorization: `Bearer ${sut.bobToken()}` });
      const outcome = Promise.race([fresh.connected.then(() => 'connected'), fresh.closed]);
      await expect(outcome).resolves.toBe('connected');
      await fresh.client.dispose();
      stalled.terminate();
    } finally {
      await sut.close();
    }
  });

  it('should close every connection with 1001 when the app shuts down, and still close promptly', async () => {
    const sut = await createTestApp();
    const url = await listenForWebSockets(sut);
    const { connected, closed } = connectWs(url, { Authorization: `Bearer ${sut.aliceToken()}` });
    await connected;
    // A client that never answers the close handshake (nor sent connection_init) is cut after the grace.
    const silent = await silentWebSocket(url);

    const started = Date.now();
    await sut.close();

    await expect(closed).resolves.toEqual({ code: CLOSE_GOING_AWAY, reason: 'Server shutting down' });
    await silent.ended;
    // ws alone would wait 30 s for the silent client's close frame.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
