import { join } from 'node:path';
import { type GraphiqlPackage, packageDir } from './graphiql-ide';

/** URL prefix of the IDE's files (outside the GraphQL path, which Apollo answers as a whole). */
export const GRAPHIQL_ASSETS_PATH = '/graphiql';

export interface GraphiqlAsset {
  contentType: string;
  /** Absolute path of a file inside an npm package, or the text itself. */
  file?: string;
  text?: string;
}

// Starts GraphiQL on the element #graphiql, talking to the endpoint named in its data-endpoint attribute;
// subscriptions go over WebSocket to the same path (graphql-ws, bundled in GraphiQL), and GraphiQL's Headers
// tab ({"Authorization": "Bearer …"}) is sent as the connection_init payload. On the schema-first endpoint,
// which has no subscriptions, the socket is only opened if a subscription is sent (and refused: 404).
// The editor opens on the page's example query (data-default-query) rather than GraphiQL's welcome comment.
// A file of its own (not inline) so that helmet's Content-Security-Policy `script-src 'self'` allows it.
const INIT_SCRIPT = `(function () {
  var root = document.getElementById('graphiql');
  var endpoint = root.getAttribute('data-endpoint');
  var defaultQuery = root.getAttribute('data-default-query');
  var ws = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + endpoint;
  var fetcher = GraphiQL.createFetcher({ url: endpoint, subscriptionUrl: ws });
  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: true,
    }),
  );
})();
`;

const PAGE_STYLE = `body { margin: 0; } #graphiql { height: 100vh; }\n`;

// React 18 is the last React with UMD builds; GraphiQL 4 the last GraphiQL with one.
const FILES: Record<string, [pkg: GraphiqlPackage, file: string, contentType: string]> = {
  'react.production.min.js': ['react', 'umd/react.production.min.js', 'text/javascript'],
  'react-dom.production.min.js': ['react-dom', 'umd/react-dom.production.min.js', 'text/javascript'],
  'graphiql.min.js': ['graphiql', 'graphiql.min.js', 'text/javascript'],
  'graphiql.min.css': ['graphiql', 'graphiql.min.css', 'text/css'],
};

/**
 * The IDE's files by name: the npm packages' own bundles, so the IDE works offline (no CDN).
 */
export function loadGraphiqlAssets(): Map<string, GraphiqlAsset> {
  const assets = new Map<string, GraphiqlAsset>(
    Object.entries(FILES).map(([name, [pkg, file, contentType]]) => [
      name,
      { contentType, file: join(packageDir(pkg), file) },
    ]),
  );
  assets.set('graphiql-init.js', { contentType: 'text/javascript', text: INIT_SCRIPT });
  assets.set('graphiql-page.css', { contentType: 'text/css', text: PAGE_STYLE });
  return assets;
}

/** `text` as an HTML attribute's value. */
const escapeAttribute = (text: string) => text.replace(/[&"<>\n]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The IDE page for one endpoint: every asset is a same-origin file, no inline script. */
export function renderGraphiqlPage(endpoint: string, defaultQuery: string): string {
  const asset = (name: string) => `${GRAPHIQL_ASSETS_PATH}/${name}`;
  const attribute = escapeAttribute(endpoint);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>GraphiQL</title>
    <link rel="stylesheet" href="${asset('graphiql.min.css')}" />
    <link rel="stylesheet" href="${asset('graphiql-page.css')}" />
  </head>
  <body>
    <div id="graphiql" data-endpoint="${attribute}" data-default-query="${escapeAttribute(defaultQuery)}">Loading…</div>
    <script src="${asset('react.production.min.js')}"></script>
    <script src="${asset('react-dom.production.min.js')}"></script>
    <script src="${asset('graphiql.min.js')}"></script>
    <script src="${asset('graphiql-init.js')}"></script>
  </body>
</html>
`;
}
