// Preloaded into the app (`node --require`) by the graphql scenario: counts every SQL statement the app's
// QueryCounter (Drizzle's logger) sees, and answers `{ queries }` to any message on the IPC channel.
const { resolve } = require('node:path');

const { QueryCounter } = require(resolve(__dirname, '..', '..', 'dist', 'database', 'query-counter.js'));
let queries = 0;
const logQuery = QueryCounter.prototype.logQuery;
QueryCounter.prototype.logQuery = function countedLogQuery(...args) {
  queries += 1;
  return logQuery.apply(this, args);
};

process.on('message', () => process.send({ queries }));
// The channel must not keep the app alive on its own.
process.channel?.unref();
