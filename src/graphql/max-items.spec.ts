import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, GraphQLSchema, printSchema } from 'graphql';
import { MaxItemsDirective, maxItemsOf } from './max-items';

const SDL = readFileSync(join(__dirname, 'max-items.graphql'), 'utf8');

describe('@maxItems', () => {
  it('should be defined alike for both endpoints (max-items.graphql and MaxItemsDirective)', () => {
    expect(printSchema(buildSchema(SDL))).toBe(
      printSchema(new GraphQLSchema({ directives: [MaxItemsDirective] })),
    );
  });

  it("should be read from a field's definition, arguments left out staying out", () => {
    const schema = buildSchema(`${SDL}
      type Query {
        page(limit: Int): [Int!]! @maxItems(max: 100, sizedBy: "limit", sizedFields: ["nodes"], innerMax: 5)
        tags: [String!]! @maxItems(max: 20)
        any: [String!]!
      }
    `);
    const fields = schema.getQueryType()!.getFields();

    expect(maxItemsOf(fields.page)).toEqual({
      max: 100,
      sizedBy: 'limit',
      sizedFields: ['nodes'],
      innerMax: 5,
    });
    expect(maxItemsOf(fields.tags)).toEqual({ max: 20 });
    expect(maxItemsOf(fields.any)).toBeUndefined();
  });
});
