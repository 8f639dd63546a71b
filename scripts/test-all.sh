#!/usr/bin/env bash
# Runs every test: type check, unit and integration tests (embedded database, and the
# PostgreSQL server too when TEST_DATABASE_URL is set), the reliability suite on PostgreSQL, then
# the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
[ -d app/generated/prisma ] || node scripts/prisma-generate.mjs

echo "== type check"
npx tsc

echo "== unit and integration tests: embedded database"
rm -rf .test-reports && mkdir -p .test-reports
(unset TEST_DATABASE_URL; npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-embedded.json)

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== unit and integration tests: PostgreSQL server"
  npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgresql.json
fi

echo "== build"
npm run build

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Real app processes from the build: concurrency, outages, several instances, shutdown.
  echo "== reliability tests: production build on the PostgreSQL server"
  npx vitest run -c vitest.reliability.config.ts --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-reliability.json
fi

echo "== browser tests (JavaScript on and off)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs .test-reports
