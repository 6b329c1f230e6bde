import createClient from 'openapi-fetch';
// Generated from openapi.json when the test runs (test/utils/typed-clients.ts), never committed: this file is
// type-checked against the document of the moment, and left out of the project's own type check.
import type { components, paths } from './openapi';

type User = components['schemas']['UserResponseDto'];
type ErrorResponse = components['schemas']['ErrorResponse'];

/** What the calls saw, for the test to check. */
export interface AccountCalls {
  created: User;
  users: User[];
  promoted: User;
  loggedOut: number;
  refusedRefresh: ErrorResponse;
  refusedSignup: ErrorResponse;
}

/**
 * A client's day on the accounts routes, typed by openapi-typescript and called through openapi-fetch: sign up,
 * log in, read the profile, list the users (as an admin), change a user's roles, log out, and the errors a
 * spent token and a bad sign-up get. Any call the document does not describe fails the type check.
 */
export async function callAccounts(
  baseUrl: string,
  admin: { username: string; password: string },
  newcomer: { username: string; email: string; password: string },
): Promise<AccountCalls> {
  const client = createClient<paths>({ baseUrl });

  const { data: created, error: signupError } = await client.POST('/auth/signup', { body: newcomer });
  if (!created) throw new Error(`sign-up refused: ${JSON.stringify(signupError)}`);

  const { data: tokens } = await client.POST('/auth/login', { body: admin });
  if (!tokens) throw new Error('login refused');
  const headers = { Authorization: `${tokens.token_type} ${tokens.access_token}` };

  const { data: profile } = await client.GET('/auth/profile', { headers });
  if (profile?.username !== admin.username) throw new Error('the profile is not the admin’s');

  const { data: users } = await client.GET('/users', { headers, params: { query: { limit: 100 } } });
  if (!users) throw new Error('no list of users');

  const { data: promoted } = await client.PATCH('/users/{id}', {
    headers,
    params: { path: { id: created.id } },
    body: { roles: ['user', 'admin'] },
  });
  if (!promoted) throw new Error('roles not changed');

  const logout = await client.POST('/auth/logout', { body: { refresh_token: tokens.refresh_token } });

  const { error: refusedRefresh } = await client.POST('/auth/refresh', {
    body: { refresh_token: tokens.refresh_token },
  });
  if (!refusedRefresh) throw new Error('a revoked refresh token was accepted');

  const { error: refusedSignup } = await client.POST('/auth/signup', {
    body: { username: 'x', email: '', password: '' },
  });
  if (!refusedSignup) throw new Error('an invalid sign-up was accepted');

  return { created, users, promoted, loggedOut: logout.response.status, refusedRefresh, refusedSignup };
}
