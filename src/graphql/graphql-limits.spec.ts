import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildSchema,
  type FieldNode,
  getIntrospectionQuery,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  validate,
  visit,
} from 'graphql';
import {
  DEFAULT_LIST_SIZE,
  FULL_INTROSPECTION_QUERY,
  graphqlLimitsRule,
  MAX_ALIAS_LENGTH,
  usesVariables,
} from './graphql-limits';
import { costLimitPlugin } from './cost-limit';

const schema = buildSchema(`
  type Post { id: Int!  title: String!  author: Author! }
  type Author { id: Int!  name: String  posts: [Post!]!  friends: [[Author!]!] }
  type Query { author(id: Int!): Author  authors: [Author!]!  count: Int }
`);

const LIMITS = { maxDepth: 4, maxAliases: 2, maxDirectives: 2, maxCost: 1_000 };

const errorsOf = (query: string, limits = LIMITS) =>
  validate(schema, parse(query), [graphqlLimitsRule(limits)]).map((error) => error.message);

describe(graphqlLimitsRule.name, () => {
  it('should accept a document within every limit', () => {
    expect(errorsOf('{ a: author(id: 1) { id posts { id title } } b: count }')).toEqual([]);
  });

  it('should refuse a document deeper than the limit, counting fields through fragments', () => {
    const limits = { ...LIMITS, maxCost: 1_000_000 };

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

  it(`should refuse an alias longer than ${MAX_ALIAS_LENGTH} characters (it is repeated in every item)`, () => {
    expect(errorsOf(`{ ${'a'.repeat(MAX_ALIAS_LENGTH)}: count }`)).toEqual([]);
    expect(errorsOf(`{ authors { ${'a'.repeat(MAX_ALIAS_LENGTH + 1)}: name } }`)).toEqual([
      `An alias is longer than ${MAX_ALIAS_LENGTH} characters.`,
    ]);
  });

  it('should refuse too many directives, the operation’s own included', () => {
    expect(errorsOf('query @skip(if: false) { count @include(if: true) @skip(if: false) }')).toEqual([
      'Query directives 3 exceeds the limit of 2.',
    ]);
  });

  it(`should count a list that declares no bound as ${DEFAULT_LIST_SIZE} items per list level`, () => {
    // authors (1) + 100 × (id + posts (1 + 100 × (id + title))) = 1 + 100 × 202
    expect(errorsOf('{ authors { id posts { id title } } }')).toEqual([
      'Query cost 20201 exceeds the limit of 1000.',
    ]);
    // friends is a list of lists: author (1) + friends (1 + 100 × 100 × id)
    expect(errorsOf('{ author(id: 1) { friends { id } } }', { ...LIMITS, maxCost: 10_002 })).toEqual([]);
    expect(errorsOf('{ author(id: 1) { friends { id } } }', { ...LIMITS, maxCost: 10_001 })).toEqual([
      'Query cost 10002 exceeds the limit of 10001.',
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
      expect.stringMatching(/^Query cost \S+ exceeds the limit of 1000\.$/),
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('should survive a fragment cycle (another rule reports it)', () => {
    const cyclic = '{ author(id: 1) { ...A } } fragment A on Author { posts { author { ...A } } }';

    expect(() => errorsOf(cyclic)).not.toThrow();
  });

  describe('introspection', () => {
    const FULL = FULL_INTROSPECTION_QUERY;

    it('should admit one full introspection (the standard query), deeper and costlier than the limits', () => {
      expect(errorsOf(FULL)).toEqual([]);
      expect(errorsOf(getIntrospectionQuery({ inputValueDeprecation: true }))).toEqual([]);
    });

    it('should count aliases over introspection (the report: 40 aliases over __schema)', () => {
      const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: __schema { types { name } }`);

      expect(errorsOf(`{ ${aliases.join(' ')} }`)).toContain('Query aliases 40 exceeds the limit of 2.');
    });

    it('should refuse two full introspections in one operation by their cost', () => {
      // The standard query with its __schema field twice, under two aliases.
      const twice = visit(parse(FULL), {
        OperationDefinition: (operation: OperationDefinitionNode) => {
          const [schemaField] = operation.selectionSet.selections as FieldNode[];
          const selections = ['a', 'b'].map((alias) => ({
            ...schemaField,
            alias: { kind: Kind.NAME, value: alias } as const,
          }));
          return { ...operation, selectionSet: { ...operation.selectionSet, selections } };
        },
      });

      expect(errorsOf(print(twice))).toEqual([
        expect.stringMatching(/^Query introspection cost (\d+) exceeds the limit of \d+\.$/),
      ]);
    });

    it('should refuse an introspection deeper than the full one, and lists nested beyond its cost', () => {
      const deep = `{ __type(name: "Author") { ${'ofType { '.repeat(20)} name ${'} '.repeat(20)} } }`;
      // (Apollo also refuses `fields` nested 3 times or more: graphql-js's MaxIntrospectionDepthRule.)
      const nested = `{ __schema { types { ${'fields { type { '.repeat(4)} name ${'} } '.repeat(4)} } } }`;

      expect(errorsOf(deep)).toEqual([
        expect.stringMatching(/^Query introspection depth 22 exceeds the limit of \d+\.$/),
      ]);
      expect(errorsOf(nested)).toEqual([
        expect.stringMatching(/^Query introspection cost \d+ exceeds the limit of \d+\.$/),
      ]);
    });

    it('should still measure the data fields beside introspection against the usual limits', () => {
      expect(
        errorsOf('{ __schema { queryType { name } } author(id: 1) { posts { author { posts { id } } } } }'),
      ).toEqual(expect.arrayContaining(['Query depth 5 exceeds the limit of 4.']));
    });
  });

  it('should measure each operation of a document on its own', () => {
    expect(errorsOf('query A { a: count b: count } query B { c: count d: count }')).toEqual([]);
  });

  describe('with bounds declared by @maxItems', () => {
    const declared = buildSchema(`
      ${readFileSync(join(__dirname, 'max-items.graphql'), 'utf8')}
      type Post { id: Int!  title: String! }
      type Author {
        id: Int!
        posts(limit: Int = 10): [Post!]! @maxItems(max: 100, sizedBy: "limit")
        friends: [Author!]!
      }
      type Edge { node: Author! }
      type Page { nodes: [Author!]  edges: [Edge!]  total: Int }
      type Query {
        authors(limit: Int = 10): Page! @maxItems(max: 100, sizedBy: "limit", sizedFields: ["nodes", "edges"])
        authorsByIds(ids: [Int!]!): [Author]! @maxItems(max: 100, sizedBy: "ids")
        postIdsByAuthor(authorIds: [Int!]!): [[Int!]!]! @maxItems(max: 100, sizedBy: "authorIds", innerMax: 10)
        tags: [String!]! @maxItems(max: 20)
      }
      type Subscription {
        postsAdded(limit: Int = 10): [Post!]! @maxItems(max: 100, sizedBy: "limit")
      }
    `);
    /**
     * The cost found (every document costs more than 0): by the rule, or for an operation with variables by the
     * cost limit that prices them at their values (cost-limit.ts).
     */
    const costOf = (query: string, variables: Record<string, unknown> = {}) => {
      const document = parse(query);
      const operation = document.definitions.find(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      )!;
      const [message] = usesVariables(operation)
        ? [costLimitPlugin(0).refusal(declared, document, operation, variables)!.message]
        : validate(declared, document, [graphqlLimitsRule({ ...LIMITS, maxCost: 0 })]).map(
            (error) => error.message,
          );
      return Number(/^Query cost (\d+) exceeds/.exec(message)![1]);
    };

    it('should size a list by its limit argument as written, or by its default when left out', () => {
      // authors (1) + nodes (1 + n × (1 + posts (1 + m × (id + title))))
      expect(costOf('{ authors(limit: 2) { nodes { posts(limit: 3) { id title } } } }')).toBe(
        1 + 1 + 2 * (1 + 3 * 2),
      );
      expect(costOf('{ authors { nodes { posts { id title } } } }')).toBe(1 + 1 + 10 * (1 + 10 * 2));
    });

    it("should size a list by its variable's value, its operation's default, or the argument's default", () => {
      const query = 'query ($n: Int) { authors(limit: 2) { nodes { posts(limit: $n) { id title } } } }';

      expect(costOf(query, { n: 3 })).toBe(
        costOf('{ authors(limit: 2) { nodes { posts(limit: 3) { id title } } } }'),
      );
      expect(costOf(query, { n: 3 })).toBe(1 + 1 + 2 * (1 + 3 * 2));
      expect(costOf(query)).toBe(1 + 1 + 2 * (1 + 10 * 2));
      expect(costOf(query.replace('$n: Int', '$n: Int = 4'))).toBe(1 + 1 + 2 * (1 + 4 * 2));
      expect(
        costOf('query ($l: Int, $n: Int) { authors(limit: $l) { nodes { posts(limit: $n) { id } } } }', {
          l: 2,
          n: 2,
        }),
      ).toBe(1 + 1 + 2 * (1 + 2));
    });

    it('should price a subscription document with variables the same way', () => {
      expect(costOf('subscription ($n: Int) { postsAdded(limit: $n) { id } }', { n: 2 })).toBe(1 + 2);
      expect(costOf('subscription ($n: Int) { postsAdded(limit: $n) { id } }', { n: 100 })).toBe(1 + 100);
    });

    it('should count the maximum for null, and never more than the maximum, literal or variable', () => {
      const maximum = 1 + 1 + 2 * (1 + 100 * 2);
      const query = 'query ($n: Int) { authors(limit: 2) { nodes { posts(limit: $n) { id title } } } }';

      expect(costOf(query, { n: null })).toBe(maximum);
      expect(costOf(query, { n: 5000 })).toBe(maximum);
      expect(costOf('{ authors(limit: 2) { nodes { posts(limit: null) { id title } } } }')).toBe(maximum);
      expect(costOf('{ authors(limit: 2) { nodes { posts(limit: 5000) { id title } } } }')).toBe(maximum);
    });

    it("should size a page's nodes and edges by the page's limit, through fragments used with different limits", () => {
      expect(costOf('{ authors(limit: 3) { total nodes { id } edges { node { id } } } }')).toBe(
        1 + 1 + (1 + 3) + (1 + 3 * 2),
      );
      expect(
        costOf(
          '{ a: authors(limit: 2) { ...P } b: authors(limit: 5) { ...P } } fragment P on Page { nodes { id } }',
        ),
      ).toBe(1 + (1 + 2) + 1 + (1 + 5));
    });

    it('should size a list by the length of a list argument (one value counts as a list of one)', () => {
      expect(costOf('{ authorsByIds(ids: [1, 2, 3]) { id } }')).toBe(1 + 3);
      expect(costOf('{ authorsByIds(ids: 7) { id } }')).toBe(1 + 1);
      expect(costOf('query ($ids: [Int!]!) { authorsByIds(ids: $ids) { id } }', { ids: [1, 2, 3] })).toBe(
        1 + 3,
      );
      expect(costOf('query ($ids: [Int!]!) { authorsByIds(ids: $ids) { id } }', { ids: 7 })).toBe(1 + 1);
    });

    it('should count each value of a list of scalars, inner lists by innerMax', () => {
      expect(costOf('{ tags }')).toBe(20);
      expect(costOf('{ postIdsByAuthor(authorIds: [1, 2]) }')).toBe(2 * 10);
    });

    it(`should still count an undeclared list beside declared ones as ${DEFAULT_LIST_SIZE} items`, () => {
      expect(costOf('{ authorsByIds(ids: [1]) { friends { id } } }')).toBe(1 + 1 * (1 + 100 * 1));
    });
  });
});
