// The registry this project installs from serves native packages only for the platforms it runs on, so
// `npm install` leaves the other platforms' optional packages (SWC, unrs-resolver bindings) out of the
// lockfile, and `npm ci` then refuses the lockfile as out of sync. This adds those entries back, marked
// optional with their os/cpu, so npm ci skips them on other platforms. Run it after `npm install`:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORM =
  /-(darwin|linux|win32|android|freebsd|openharmony)-(arm64|arm|x64|ia32|ppc64|s390x|loong64|riscv64)/;
const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];

for (const entry of Object.values(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const match = PLATFORM.exec(name);
    if (!match || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = {
      version,
      cpu: [match[2]],
      ...(entry.dev && { dev: true }),
      optional: true,
      os: [match[1]],
    };
    added.push(name);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `added ${added.length} entries: ${added.join(', ')}` : 'package-lock.json is complete',
);
