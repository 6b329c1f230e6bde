import type { ShellBlock } from './tutorial-blocks';

/** The port the tutorial's readers use; the test's app listens on a free one instead. */
const READER_ADDRESS = 'localhost:3000';

/**
 * Shell functions the tutorial's blocks run with. `curl` checks each request's status (a 2xx, or EXPECT_STATUS)
 * and, on a GraphQL endpoint, that the answer holds no `errors`; it prints the body, so `$(curl … | node -p …)`
 * reads it as the real curl's. `start_app` and `stop_app` run the app that a `background` block starts.
 */
const PRELUDE = String.raw`set -euo pipefail
APP_PID=
curl() {
  local body status expected=${'$'}{EXPECT_STATUS:-2xx}
  body=$(mktemp)
  status=$(command curl -o "$body" -w '%{http_code}' "$@") || { cat "$body" >&2; rm -f "$body"; return 1; }
  cat "$body"
  local problem=
  if [ "$expected" = 2xx ]; then
    [[ $status == 2?? ]] || problem="answered $status, expected a 2xx"
    if [[ " $* " == */graphql[\ ?]* ]] && grep -q '"errors"' "$body"; then problem="answered GraphQL errors"; fi
  elif [ "$status" != "$expected" ]; then
    problem="answered $status, expected $expected"
  fi
  rm -f "$body"
  if [ -n "$problem" ]; then echo >&2; echo "curl $*: $problem" >&2; return 1; fi
}
start_app() {
  setsid bash -c "$1" >"$APP_LOG" 2>&1 &
  APP_PID=$!
  for _ in $(seq 1 300); do
    [ "$(command curl -s -o /dev/null -w '%{http_code}' "http://localhost:$PORT/health/ready")" = 200 ] && return 0
    kill -0 "$APP_PID" 2>/dev/null || { echo "the app stopped before it was ready:" >&2; cat "$APP_LOG" >&2; return 1; }
    sleep 1
  done
  echo "the app was not ready after 300 s:" >&2
  cat "$APP_LOG" >&2
  return 1
}
stop_app() {
  [ -n "$APP_PID" ] || return 0
  kill -TERM -- "-$APP_PID" 2>/dev/null || true
  wait "$APP_PID" || true
  APP_PID=
}
trap stop_app EXIT
`;

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export interface ScriptOptions {
  port: number;
  appLog: string;
}

/**
 * One bash script running the blocks in order; each step first prints `==== docs/tutorial.md:<line>` on a line of its
 * own (a request's answer may end without a newline) with the seconds since the start.
 */
export function tutorialScript(blocks: ShellBlock[], options: ScriptOptions): string {
  const steps = blocks.map((block) => step(block, options));
  return [
    `export PORT=${options.port}`,
    `APP_LOG=${quote(options.appLog)}`,
    PRELUDE,
    ...steps,
    'echo; echo "==== done [$SECONDS s]"',
    '',
  ].join('\n');
}

function step(block: ShellBlock, options: ScriptOptions): string {
  const where = `docs/tutorial.md:${block.line}`;
  const commands = block.commands.replaceAll(READER_ADDRESS, `localhost:${options.port}`);
  if (block.skip) return `echo; echo ${quote(`==== ${where}: skipped (the copy is a fresh clone)`)}`;
  const lines = [`echo; echo "==== ${where} [$SECONDS s]"`];
  if (block.stopsApp) lines.push('stop_app');
  if (block.background) lines.push(`start_app ${quote(commands)}`);
  else if (block.expectStatus)
    lines.push(`EXPECT_STATUS=${block.expectStatus}`, commands, 'unset EXPECT_STATUS');
  else lines.push(commands);
  return lines.join('\n');
}
