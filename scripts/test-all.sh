#!/usr/bin/env bash
# Runs every test: type check, lint, unit and integration tests on the embedded database (and the
# integration tests again on the PostgreSQL server when TEST_DATABASE_URL is set), the
# reliability suite on PostgreSQL, then the browser tests in Chromium. Each layer is recorded in
# .test-reports/layers.tsv (ran or skipped, and why) and scripts/test-summary.mjs prints them
# above the closing line.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/use-node.sh
bash scripts/ensure-chromium.sh
[ -d app/generated/prisma ] || node scripts/prisma-generate.mjs

rm -rf .test-reports && mkdir -p .test-reports
# layer NAME REPORT|- ran|skipped [WHY]
layer() { printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "${4:-}" >>.test-reports/layers.tsv; }

echo "== type check"
npx tsc
layer "type check" - ran

echo "== lint: ESLint, Prettier, knip"
npm run lint
layer "lint (ESLint, Prettier, unused code)" - ran

echo "== unit and integration tests: embedded database"
(unset TEST_DATABASE_URL; npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-embedded.json)
layer "unit and integration tests, embedded database" vitest-embedded.json ran

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Only the tests that use a database: the pure *.unit.test.ts files ran above.
  echo "== integration tests: PostgreSQL server"
  npx vitest run --project db --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgresql.json
  layer "integration tests, PostgreSQL server" vitest-postgresql.json ran
else
  layer "integration tests, PostgreSQL server" - skipped "TEST_DATABASE_URL is not set"
fi

echo "== build"
npm run build

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Real app processes from the build: concurrency, outages, several instances, shutdown, hardening.
  echo "== reliability tests: production build on the PostgreSQL server"
  npx vitest run -c vitest.reliability.config.ts --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-reliability.json
  layer "reliability suite, production server on PostgreSQL" vitest-reliability.json ran
else
  layer "reliability suite, production server on PostgreSQL" - skipped "TEST_DATABASE_URL is not set"
fi

echo "== browser tests (JavaScript on and off)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json
layer "browser tests in Chromium, JavaScript on and off" playwright.json ran

node scripts/test-summary.mjs .test-reports
