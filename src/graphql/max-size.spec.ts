import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, GraphQLSchema, printSchema } from 'graphql';
import { costOfValue, MaxSizeDirective } from './max-size';

const SDL = readFileSync(join(__dirname, 'max-size.graphql'), 'utf8');

describe('@maxSize', () => {
  it('should be defined alike for both endpoints (max-size.graphql and MaxSizeDirective)', () => {
    expect(printSchema(buildSchema(SDL))).toBe(
      printSchema(new GraphQLSchema({ directives: [MaxSizeDirective] })),
    );
  });

  it('should make a value count one per 1024 characters it can hold, and any other value 1', () => {
    const schema = buildSchema(`${SDL}
      type Query {
        text: String @maxSize(chars: 100000)
        document: String @maxSize(chars: 65536)
        short: String @maxSize(chars: 10)
        title: String
      }
    `);
    const fields = schema.getQueryType()!.getFields();

    expect(costOfValue(fields.text)).toBe(98);
    expect(costOfValue(fields.document)).toBe(64);
    expect(costOfValue(fields.short)).toBe(1);
    expect(costOfValue(fields.title)).toBe(1);
  });
});
