import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { OPENAPI_FILE, serializeOpenApi } from '../src/common/openapi/setup-openapi';
import { ROOT } from './utils/paths';
import { useTestApp } from './utils/test-app';
import { besideEntry, openapiTypes, typeCheck } from './utils/typed-clients';

const ACCOUNTS_CALLS = join(__dirname, 'clients', 'rest', 'accounts.calls.ts');

type User = { id: number; username: string; roles: string[] };
type ErrorBody = { statusCode: number; message: string | string[]; error?: string };
/** callAccounts, loaded at run time: its file imports types that exist only once the test generates them. */
type CallAccounts = (
  baseUrl: string,
  admin: { username: string; password: string },
  newcomer: { username: string; email: string; password: string },
) => Promise<{
  created: User;
  users: User[];
  promoted: User;
  loggedOut: number;
  refusedRefresh: ErrorBody;
  refusedSignup: ErrorBody;
}>;

// The app alone (no test-only module): openapi.json describes it, and a client generated from it calls it.
describe('openapi.json and a client generated from it', () => {
  const sut = useTestApp();
  let document: object;

  beforeAll(async () => {
    document = (await request(sut.http).get('/docs-json').expect(200)).body as object;
  });

  it(`should match the committed ${OPENAPI_FILE} (regenerate: npm run openapi)`, () => {
    expect(readFileSync(join(ROOT, OPENAPI_FILE), 'utf8')).toBe(serializeOpenApi(document as OpenAPIObject));
  });

  it('should type-check the accounts client against openapi-typescript’s types of the document', async () => {
    const types = await openapiTypes(document);

    expect(typeCheck(ACCOUNTS_CALLS, { [besideEntry(ACCOUNTS_CALLS, 'openapi.d.ts')]: types })).toEqual([]);
  });

  it('should sign up, log in, list, change roles, log out and get typed errors through openapi-fetch', async () => {
    const server = sut.http as import('node:http').Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as import('node:net').AddressInfo;

    const { callAccounts } = (await import(ACCOUNTS_CALLS)) as { callAccounts: CallAccounts };
    const calls = await callAccounts(
      `http://127.0.0.1:${port}`,
      { username: 'alice', password: 'alice-password' },
      { username: 'typed-client', email: 'typed-client@example.com', password: 'typed-client-password' },
    );

    expect(calls.created).toEqual({
      id: expect.any(Number),
      username: 'typed-client',
      email: 'typed-client@example.com',
      emailVerified: false,
      roles: ['user'],
    });
    expect(calls.users).toContainEqual(calls.created);
    expect(calls.promoted).toEqual({ ...calls.created, roles: ['user', 'admin'] });
    expect(calls.loggedOut).toBe(204);
    expect(calls.refusedRefresh).toEqual({ statusCode: 401, message: expect.any(String) });
    expect(calls.refusedSignup).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(calls.refusedSignup.message).toEqual(expect.arrayContaining([expect.any(String)]));
  });
});
