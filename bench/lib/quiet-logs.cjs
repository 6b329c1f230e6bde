// Preloaded (`node --require`) into a diagnostic copy of the app by the http scenario: Nest's `log` level prints
// nothing, as with `logger: ['fatal', 'error', 'warn']`, so the row next to the app's shows what the two
// log lines per request (the global LoggingInterceptor) cost. Warnings and errors still print.
const { ConsoleLogger } = require('@nestjs/common');

ConsoleLogger.prototype.log = function log() {};
