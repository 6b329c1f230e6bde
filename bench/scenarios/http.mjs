/* global fetch -- Node 20 globals, not in the shared ESLint config */
import { startApp, startBaseline } from '../lib/app.mjs';
import { compare, http } from '../lib/load.mjs';
import { percent } from '../lib/report.mjs';

const PATH = '/cats/1';
const TEXT = 'This action returns a #1 cat';

const baseline = (name, script, env = {}) => startBaseline({ name, script, env, readyPath: PATH });

/**
 * GET /cats/1 through the whole app pipeline (metrics, request logger, helmet's headers, global guards, logging
 * interceptor, validation pipe) against a bare Express 5 server and raw node:http returning the same text.
 * Diagnostic rows split the gap:
 * Express with helmet alone (helmet's share), Nest with one controller and nothing global (the framework's), the
 * same with one global interceptor that only watches the stream end (the price of any global interceptor), and
 * the app at LOG_LEVEL=warn (the logging interceptor's two lines per request).
 * No bar (the 70 % and 85 % ones are retired): the app's rate is reported as a share of bare Express's and of
 * Nest's alone.
 */
export default {
  name: 'http',
  async run() {
    const servers = {};
    try {
      servers.raw = await baseline('raw-http', 'raw-http.mjs');
      servers.express = await baseline('bare-express', 'bare-express.mjs');
      servers.helmet = await baseline('express-helmet', 'bare-express.mjs', { HELMET: '1' });
      servers.nest = await baseline('bare-nest', 'bare-nest.cjs');
      servers.intercepted = await baseline('nest-interceptor', 'bare-nest.cjs', { INTERCEPTOR: '1' });
      servers.app = await startApp({ name: 'app-http' });
      servers.quiet = await startApp({
        name: 'app-http-quiet',
        env: { LOG_LEVEL: 'warn' },
      });
      for (const server of Object.values(servers)) {
        const body = await (await fetch(server.url + PATH)).text();
        if (body !== TEXT) throw new Error(`${server.url} answered ${JSON.stringify(body)}`);
      }
      const [raw, express, helmet, nest, intercepted, app, quiet] = await compare([
        http('node:http', { url: servers.raw.url + PATH }),
        http('bare Express 5', { url: servers.express.url + PATH }),
        http('Express 5 + helmet', { url: servers.helmet.url + PATH }),
        http('Nest, one controller', { url: servers.nest.url + PATH }),
        http('Nest + a global interceptor', { url: servers.intercepted.url + PATH }),
        http(`app GET ${PATH}`, { url: servers.app.url + PATH }),
        http('app, LOG_LEVEL=warn', { url: servers.quiet.url + PATH }),
      ]);
      const vs = (row, base, name) => ({ ...row, baseline: name, ratio: row.rps / base.rps });
      return {
        rows: [
          raw,
          vs(express, raw, 'node:http'),
          { ...vs(helmet, express, 'bare Express 5'), note: 'diagnostic' },
          { ...vs(nest, express, 'bare Express 5'), note: 'diagnostic' },
          {
            ...vs(intercepted, express, 'bare Express 5'),
            note: `diagnostic: Nest's interceptor machinery costs ${percent(1 - intercepted.rps / nest.rps)} of Nest's rate`,
          },
          vs(app, express, 'bare Express 5'),
          { ...vs(app, nest, 'Nest, one controller'), target: `app GET ${PATH}, against Nest alone` },
          {
            ...vs(quiet, express, 'bare Express 5'),
            note: `diagnostic: the log lines cost ${percent(1 - app.rps / quiet.rps)} of the rate`,
          },
        ],
      };
    } finally {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
    }
  },
};
