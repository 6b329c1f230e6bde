import { buildSchema, parse, validate } from 'graphql';
import { exampleQuery, SIGNED_IN_USER_QUERY } from './example-query';

const PAGES = `
  type User { id: Int!, username: String! }
  type Shelf { id: Int!, label: String }
  type Book { id: Int!, title: String!, year: Int, isbn: String, price: Float, shelf: Shelf }
  type Author {
    firstName: String
    id: Int!
    books(limit: Int = 10): [Book!]!
    tagged(tag: String!): [Book!]!
  }
  type PaginatedShelf { nodes: [Shelf!], totalCount: Int! }
  type PaginatedAuthor { nodes: [Author!], totalCount: Int! }
`;

describe('exampleQuery', () => {
  it('should open on a page whose items hold a list, with that list, id first, valid against the schema', () => {
    const schema = buildSchema(`${PAGES}
      type Query {
        me: User!
        search(term: String!): PaginatedAuthor!
        shelves(limit: Int = 10): PaginatedShelf!
        authors(limit: Int = 10, offset: Int = 0): PaginatedAuthor!
      }`);

    const query = exampleQuery(schema);

    expect(validate(schema, parse(query))).toEqual([]);
    expect(query).toContain('query Authors {');
    expect(query.replace(/\s+/g, ' ')).toContain(
      'authors { nodes { id firstName books { id title year isbn } } }',
    );
  });

  it('should open on the first page when no page has nested lists', () => {
    const schema = buildSchema(`${PAGES}
      type Query { me: User!, shelves: PaginatedShelf! }`);

    expect(exampleQuery(schema).replace(/\s+/g, ' ')).toContain('shelves { nodes { id label } }');
  });

  it('should fall back to the signed-in user when the schema has no page needing no argument', () => {
    const schema = buildSchema(`${PAGES}
      type Query { me: User!, search(term: String!): PaginatedAuthor! }`);

    expect(exampleQuery(schema)).toBe(SIGNED_IN_USER_QUERY);
  });
});
