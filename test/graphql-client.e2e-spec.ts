import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './utils/paths';
import { useTestApp } from './utils/test-app';
import { graphqlCodegen, listen, typeCheck } from './utils/typed-clients';

const CLIENT = join(__dirname, 'clients', 'graphql');

type Account = { id: number; username: string; roles: string[] };
/** queryAccounts, loaded at run time from the copy beside its generated documents. */
type QueryAccounts = (
  url: string,
  adminToken: string,
  userToken: string,
  userId: number,
) => Promise<{
  me: Account;
  found: Account | null;
  unknown: Account | null;
  refused: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
}>;

// The app alone (no test-only module), as a user's copy has it after `npm run demo:remove`.
describe('a typed GraphQL client made by graphql-codegen (client preset) from src/schema.gql', () => {
  const sut = useTestApp();
  // A user's copy in small, inside tmp/ (node_modules resolve): the committed schema, test/clients/graphql as its
  // client/, where `npx graphql-codegen` with the repository's codegen.ts writes client/gql/.
  let project: string;
  let client: string;

  beforeAll(async () => {
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    project = mkdtempSync(join(ROOT, 'tmp', 'graphql-client-'));
    client = join(project, 'client');
    cpSync(join(ROOT, 'src', 'schema.gql'), join(project, 'src', 'schema.gql'));
    cpSync(CLIENT, client, { recursive: true });
    await graphqlCodegen(project);
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('should type-check the calls against the generated documents, and refuse what the schema does not have', () => {
    const wrong = join(client, 'wrong.calls.ts');
    const diagnostics = typeCheck([join(client, 'accounts.calls.ts'), wrong], {
      [wrong]: [
        "import { MeDocument, UserDocument } from './gql/graphql';",
        "import { graphqlFetch } from './graphql-fetch';",
        "const request = graphqlFetch('http://127.0.0.1');",
        "void request(UserDocument, { id: '1' });",
        'void request(UserDocument);',
        'void request(MeDocument).then(({ data }) => data?.me.password);',
      ].join('\n'),
    });

    // Only the wrong calls: accounts.calls.ts type-checks.
    expect(diagnostics).toEqual([
      expect.stringMatching(/wrong\.calls\.ts:4: Type 'string' is not assignable to type 'number'/),
      expect.stringMatching(/wrong\.calls\.ts:5: Expected 2 arguments, but got 1/),
      expect.stringMatching(/wrong\.calls\.ts:6: Property 'password' does not exist/),
    ]);
  });

  it('should run the operations, with variables, against the app and answer their typed results', async () => {
    const { queryAccounts } = (await import(join(client, 'accounts.calls.ts'))) as {
      queryAccounts: QueryAccounts;
    };

    const calls = await queryAccounts(`${await listen(sut)}/graphql`, sut.aliceToken(), sut.bobToken(), 2);

    expect(calls.me).toEqual({ id: 1, username: 'alice', roles: ['admin'] });
    expect(calls.found).toEqual({ id: 2, username: 'bob', roles: ['user'] });
    expect(calls.unknown).toBeNull();
    expect(calls.refused).toMatchObject({
      data: { user: null },
      errors: [{ extensions: { code: 'FORBIDDEN' } }],
    });
  });
});
