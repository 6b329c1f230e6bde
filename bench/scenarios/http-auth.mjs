/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { login, startApp } from '../lib/app.mjs';
import { compare, http } from '../lib/load.mjs';

/** GET /auth/profile with a valid token (JWT check in the global guard), against GET /cats/1 of the same app. */
export default {
  name: 'http-auth',
  async run() {
    const app = await startApp({ name: 'app-http-auth' });
    try {
      const headers = { authorization: `Bearer ${await login(app.url)}` };
      const profile = await fetch(`${app.url}/auth/profile`, { headers });
      if (profile.status !== 200) throw new Error(`/auth/profile answered ${profile.status}`);
      const [cats, auth] = await compare([
        http('app GET /cats/1', { url: `${app.url}/cats/1` }),
        http('app GET /auth/profile', { url: `${app.url}/auth/profile`, headers }),
      ]);
      return { rows: [cats, { ...auth, baseline: 'app GET /cats/1', ratio: auth.rps / cats.rps }] };
    } finally {
      await app.stop();
    }
  },
};
