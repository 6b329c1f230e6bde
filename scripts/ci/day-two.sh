#!/usr/bin/env bash
# Day two (CONTRACT §7.1), proven from outside on scratch copies of this checkout (a git clone of what is
# committed, sharing this checkout's node_modules):
#   stripped   `npm run demo:remove`, then type check, lint, unit and e2e tests, `npm start` serving
#              /health/ready until SIGTERM (generating into the stripped app is docs/tutorial.md, which
#              test/generators/tutorial.spec.ts runs in `npm test`);
#   generated  the demo kept, a run of generators (resolver, controller, a resource referencing Author, an
#              interceptor, a paginated type), then the unit and e2e tests.
# Usage: scripts/ci/day-two.sh [stripped] [generated]   (both when none is named)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SECTIONS=("$@")
[ ${#SECTIONS[@]} -eq 0 ] && SECTIONS=(stripped generated)

SCRATCHES=()
APP_PID=
cleanup() {
  if [ -n "$APP_PID" ] && kill -0 "$APP_PID" 2>/dev/null; then kill -TERM "$APP_PID" 2>/dev/null || true; fi
  for dir in "${SCRATCHES[@]}"; do rm -rf "$dir"; done
}
trap cleanup EXIT

header() {
  printf '\n==== day two: %s\n' "$*"
}

# A git clone of the checkout in a temporary folder, with the checkout's node_modules; goes there.
scratch_copy() {
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/day-two-XXXXXX")
  SCRATCHES+=("$dir")
  git clone --quiet "$ROOT" "$dir/project"
  ln -s "$ROOT/node_modules" "$dir/project/node_modules"
  cd "$dir/project"
  pwd
}

unit_and_e2e_tests() {
  NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects unit e2e "$@"
}

free_port() {
  node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})"
}

# `npm start` in the current folder: /health/ready must answer 200, then SIGTERM must stop it with exit code 0.
start_serve_stop() {
  local port data log code=000
  port=$(free_port)
  data=$(mktemp -d "${TMPDIR:-/tmp}/day-two-data-XXXXXX")
  SCRATCHES+=("$data")
  log="$data/start.log"
  PORT=$port DATA_DIR=$data npm start >"$log" 2>&1 &
  APP_PID=$!
  for _ in $(seq 1 180); do
    code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/health/ready" || true)
    [ "$code" = 200 ] && break
    kill -0 "$APP_PID" 2>/dev/null || break
    sleep 1
  done
  if [ "$code" != 200 ]; then
    echo "npm start: /health/ready answered ${code} (not 200); its output:" >&2
    cat "$log" >&2
    return 1
  fi
  echo "GET /health/ready: 200"
  kill -TERM "$APP_PID"
  local status=0
  wait "$APP_PID" || status=$?
  APP_PID=
  if [ "$status" -ne 0 ]; then
    echo "npm start: exit code $status after SIGTERM (expected 0); its output:" >&2
    cat "$log" >&2
    return 1
  fi
  echo "SIGTERM: stopped with exit code 0"
}

stripped() {
  header "stripped app: scratch copy"
  scratch_copy

  header "stripped app: npm run demo:remove"
  npm run demo:remove

  header "stripped app: npm run demo:remove again (nothing to remove)"
  local before
  before=$(git status --porcelain)
  npm run demo:remove
  if [ "$(git status --porcelain)" != "$before" ]; then
    echo "the second npm run demo:remove changed the tree:" >&2
    git status --porcelain >&2
    return 1
  fi

  header "stripped app: npm run typecheck"
  npm run typecheck

  header "stripped app: npm run lint"
  npm run lint

  header "stripped app: unit and e2e tests"
  unit_and_e2e_tests

  header "stripped app: npm start serves /health/ready, SIGTERM stops it"
  start_serve_stop
}

generated() {
  header "generated features: scratch copy"
  scratch_copy

  header "generated features: npx plop resolver -- --name Gadget"
  npx plop resolver -- --name Gadget
  header "generated features: npx plop controller -- --name Shelf"
  npx plop controller -- --name Shelf
  header "generated features: npx plop resource -- --name Novel --api both --fields \"title:string{100} author:references\""
  npx plop resource -- --name Novel --api both --fields "title:string{100} author:references"
  header "generated features: npx plop interceptor -- --name Audit --kind logging"
  npx plop interceptor -- --name Audit --kind logging
  header "generated features: npx plop paginated -- --type Warrior"
  npx plop paginated -- --type Warrior

  header "generated features: unit and e2e tests"
  unit_and_e2e_tests
}

for section in "${SECTIONS[@]}"; do
  case "$section" in
    stripped | generated)
      cd "$ROOT"
      "$section"
      ;;
    *)
      echo "unknown section $section: stripped or generated" >&2
      exit 2
      ;;
  esac
done
header "passed: ${SECTIONS[*]}"
