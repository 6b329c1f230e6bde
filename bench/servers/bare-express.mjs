// Baseline for the `http` scenario: Express 5 (the one Nest's platform-express uses) returning the same text.
// HELMET=1 adds helmet() in front, as the app has it (a diagnostic row: how much of the gap is helmet's).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const express = require(createRequire(require.resolve('@nestjs/platform-express')).resolve('express'));

const app = express();
if (process.env.HELMET === '1') app.use(require('helmet').default());
app.get('/cats/:id', (req, res) => {
  res.send(`This action returns a #${req.params.id} cat`);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
