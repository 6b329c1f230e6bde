import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'graphql';
import Handlebars from 'handlebars';
import { FileChanges } from '../utils/file-changes';
import { GeneratorInputError } from '../utils/options';
import { buildResource } from './actions';
import { featureGraphqlNames, graphqlNameProblem } from './graphql-names';
import { createFixtureProject, removeFixtureProject } from '../testing/fixture-project';
import { normalizeResourceOptions } from './normalize';

const APP = join(__dirname, '..', '..');
// The app's reference feature, which a project may have destroyed (`npx plop destroy -- --name Book`).
const APP_HAS_BOOK = existsSync(join(APP, 'src', 'books'));
// The specs' own project: its schemas hold what the refusals below need, whatever features the app has.
let root: string;
beforeAll(() => (root = createFixtureProject()));
afterAll(() => removeFixtureProject(root));
const render = (template: string, data: object) => Handlebars.compile(template, { noEscape: true })(data);

describe(featureGraphqlNames.name, () => {
  it('should name every type and root field the schema-first template writes for a feature', () => {
    const options = normalizeResourceOptions(
      { name: 'novel', api: 'graphql', style: 'schema-first', fields: 'genre:enum{A,B} author:references' },
      root,
    );
    const changes = new FileChanges(root);
    buildResource(render, changes, options);
    const written = parse(changes.read('src/novels/novels.graphql')).definitions.flatMap((definition) => {
      if (!('name' in definition) || !definition.name) return [];
      const fields = 'fields' in definition && definition.fields ? definition.fields : [];
      const owner = definition.name.value;
      return ['Query', 'Mutation', 'Author'].includes(owner)
        ? fields.map((field) => `${owner}.${field.name.value}`)
        : [owner];
    });

    const { types, fields } = featureGraphqlNames(options);
    expect([...types, ...fields].sort()).toEqual(written.sort());
  });

  (APP_HAS_BOOK ? it : it.skip)("should name the code-first types the app's Book has in its schema", () => {
    const schema = readFileSync(join(APP, 'src', 'schema.gql'), 'utf8');
    const book = featureGraphqlNames({
      Name: 'Book',
      name: 'book',
      names: 'books',
      hasFilter: true,
      enums: [{ name: 'BookGenre' }],
      relations: [{ parent: { Name: 'Author' } }],
    });

    for (const type of book.types) expect(schema).toMatch(new RegExp(`^(type|input|enum) ${type} \\{`, 'm'));
  });
});

type Refusal = [string, Record<string, string>, RegExp];

describe(graphqlNameProblem.name, () => {
  it.each<Refusal>([
    ['a scalar of the schema', { name: 'DateTime' }, /has the type DateTime already \(src\/schema.gql\)/],
    [
      "a has-many field the parent has (Book's pages)",
      { name: 'Page', fields: 'book:references' },
      /has the field Book.pages already/,
    ],
    ['a query of the schema', { name: 'Me' }, /has the field Query.me already/],
    [
      'a schema-first scalar',
      { name: 'Decimal', style: 'schema-first' },
      /schema-first\/graphql has the type Decimal already \(src\/graphql\/schema-first\/shared-types.graphql\)/,
    ],
    [
      "an enum named as the feature's order type",
      { name: 'Widget', fields: 'orderField:enum{X,Y}' },
      /would declare the GraphQL type WidgetOrderField twice/,
    ],
  ])('should refuse %s before anything is planned', (_case, answers, message) => {
    const normalize = () => normalizeResourceOptions({ api: 'graphql', ...answers }, root);

    expect(normalize).toThrow(GeneratorInputError);
    expect(normalize).toThrow(message);
  });

  it('should find nothing for a new feature on either endpoint', () => {
    const widget = featureGraphqlNames({
      Name: 'Widget',
      name: 'widget',
      names: 'widgets',
      hasFilter: false,
      enums: [],
      relations: [{ parent: { Name: 'Author' } }],
    });

    expect(graphqlNameProblem(root, 'code-first', widget)).toBeUndefined();
    expect(graphqlNameProblem(root, 'schema-first', widget)).toBeUndefined();
  });
});
