import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { Counter, Registry } from 'prom-client';
import { BoundedLabelValues } from './bounded-label-values';
import { type GraphqlLabels, graphqlMetricsPlugin } from './graphql-metrics.plugin';

describe(graphqlMetricsPlugin.name, () => {
  let counter: Counter<GraphqlLabels>;
  let server: ApolloServer;

  const start = async (names = new BoundedLabelValues(100)) => {
    counter = new Counter<GraphqlLabels>({
      name: 'graphql_operations_total',
      help: 'test',
      labelNames: ['operation_name', 'operation_type', 'outcome'],
      registers: [new Registry()],
    });
    server = new ApolloServer({
      typeDefs: 'type Query { hello: String, broken: String } type Mutation { touch: Boolean }',
      resolvers: {
        Query: { hello: () => 'world', broken: () => Promise.reject(new Error('no')) },
        Mutation: { touch: () => true },
      },
      // @nestjs/apollo's (ESM) view of the plugin type, handed to the CommonJS server of this test.
      plugins: [graphqlMetricsPlugin(counter, names) as unknown as ApolloServerPlugin],
    });
    await server.start();
  };

  afterEach(() => server.stop());

  /** Every series: `name type outcome` → count. */
  const series = async () =>
    Object.fromEntries(
      (await counter.get()).values.map(({ labels, value }) => [
        `${labels.operation_name} ${labels.operation_type} ${labels.outcome}`,
        value,
      ]),
    );

  it('should count operations by name, type and outcome', async () => {
    await start();

    await server.executeOperation({ query: 'query Greeting { hello }' });
    await server.executeOperation({ query: 'query Greeting { hello }' });
    await server.executeOperation({ query: '{ hello }' });
    await server.executeOperation({ query: 'mutation Touch { touch }' });
    await server.executeOperation({ query: 'query Broken { broken }' });
    await server.executeOperation({ query: 'query Invalid { nope }' });
    await server.executeOperation({ query: '{ hello' });

    expect(await series()).toEqual({
      'Greeting query success': 2,
      'anonymous query success': 1,
      'Touch mutation success': 1,
      'Broken query error': 1,
      'unknown unknown rejected': 2,
    });
  });

  it('should keep a label to the first 64 characters of a long name', async () => {
    await start();

    await server.executeOperation({ query: `query ${'N'.repeat(100)} { hello }` });

    expect(await series()).toEqual({ [`${'N'.repeat(64)} query success`]: 1 });
  });

  it('should count names past the bound as "other", so clients cannot add series without end', async () => {
    await start(new BoundedLabelValues(3));

    for (let index = 0; index < 50; index += 1) {
      await server.executeOperation({ query: `query Random${index} { hello }` });
    }

    expect(await series()).toEqual({
      'Random0 query success': 1,
      'Random1 query success': 1,
      'Random2 query success': 1,
      'other query success': 47,
    });
  });
});
