// Baseline for the `http` scenario: node:http alone, the same text with Express's content type.
import { createServer } from 'node:http';

createServer((req, res) => {
  const match = /^\/cats\/([^/?]+)/.exec(req.url);
  if (req.method !== 'GET' || !match) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`This action returns a #${match[1]} cat`);
}).listen(Number(process.env.PORT), '127.0.0.1');
