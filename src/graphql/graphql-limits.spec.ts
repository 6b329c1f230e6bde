import { buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { graphqlLimitsRule } from './graphql-limits';

const schema = buildSchema(`
  type Post { id: Int!  title: String!  author: Author! }
  type Author { id: Int!  name: String  posts: [Post!]!  friends: [[Author!]!] }
  type Query { author(id: Int!): Author  authors: [Author!]!  count: Int }
`);

const LIMITS = { maxDepth: 4, maxAliases: 2, maxDirectives: 2, maxCost: 100 };

const errorsOf = (query: string, limits = LIMITS) =>
  validate(schema, parse(query), [graphqlLimitsRule(limits)]).map((error) => error.message);

describe(graphqlLimitsRule.name, () => {
  it('should accept a document within every limit', () => {
    expect(errorsOf('{ a: author(id: 1) { id posts { id title } } b: count }')).toEqual([]);
  });

  it('should refuse a document deeper than the limit, counting fields through fragments', () => {
    const limits = { ...LIMITS, maxCost: 1_000 };

    expect(errorsOf('{ author(id: 1) { posts { author { id } } } }', limits)).toEqual([]);
    expect(errorsOf('{ author(id: 1) { posts { author { posts { id } } } } }', limits)).toEqual([
      'Query depth 5 exceeds the limit of 4.',
    ]);
    expect(
      errorsOf(
        '{ author(id: 1) { ...P } } fragment P on Author { posts { ... on Post { author { posts { id } } } } }',
        limits,
      ),
    ).toEqual(['Query depth 5 exceeds the limit of 4.']);
  });

  it('should refuse too many aliases, also inside fragments used twice', () => {
    expect(errorsOf('{ a: count b: count c: count }')).toEqual(['Query aliases 3 exceeds the limit of 2.']);
    expect(
      errorsOf('{ x: author(id: 1) { ...F } y: author(id: 2) { ...F } } fragment F on Author { n: name }'),
    ).toEqual(['Query aliases 4 exceeds the limit of 2.']);
  });

  it('should refuse too many directives, the operation’s own included', () => {
    expect(errorsOf('query @skip(if: false) { count @include(if: true) @skip(if: false) }')).toEqual([
      'Query directives 3 exceeds the limit of 2.',
    ]);
  });

  it('should cost list fields by an assumed size of 10 per list level', () => {
    // authors (1) + 10 × (id + posts (1 + 10 × (id + title))) = 1 + 10 × 22 = 221
    expect(errorsOf('{ authors { id posts { id title } } }')).toEqual([
      'Query cost 221 exceeds the limit of 100.',
    ]);
    // friends is a list of lists: 1 + 100 × 1
    expect(errorsOf('{ author(id: 1) { friends { id } } }', { ...LIMITS, maxCost: 102 })).toEqual([]);
    expect(errorsOf('{ author(id: 1) { friends { id } } }', { ...LIMITS, maxCost: 101 })).toEqual([
      'Query cost 102 exceeds the limit of 101.',
    ]);
  });

  it('should measure an exponential fragment reuse quickly, and refuse it', () => {
    const levels = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Author { id friends { ...F${i + 1} ...F${i + 1} } }`,
    );
    const query = `{ author(id: 1) { ...F0 } } ${levels.join(' ')} fragment F30 on Author { id }`;
    const started = performance.now();

    expect(errorsOf(query, { ...LIMITS, maxDepth: 100 })).toEqual([
      expect.stringMatching(/^Query cost \S+ exceeds the limit of 100\.$/),
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('should survive a fragment cycle (another rule reports it)', () => {
    const cyclic = '{ author(id: 1) { ...A } } fragment A on Author { posts { author { ...A } } }';

    expect(() => errorsOf(cyclic)).not.toThrow();
  });

  it('should not count introspection, whose standard query is deep', () => {
    expect(errorsOf(getIntrospectionQuery({ inputValueDeprecation: true }))).toEqual([]);
  });

  it('should measure each operation of a document on its own', () => {
    expect(errorsOf('query A { a: count b: count } query B { c: count d: count }')).toEqual([]);
  });
});
