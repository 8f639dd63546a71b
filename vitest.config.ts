import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects, by file name: `*.unit.test.ts` are pure (no database, run once); every other test
// file gets a database of its own (tests/setup/database.ts), embedded or on TEST_DATABASE_URL.
const TESTS = ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"];
const UNIT = ["app/**/*.unit.test.{ts,tsx}", "tests/{integration,lint}/**/*.unit.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    pool: "forks",
    // Each database file gets its own database; two at a time fits a 2-core machine.
    maxWorkers: 2,
    // The first test of a file also creates, migrates and seeds its database: slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, setupFiles: ["tests/setup/no-database.ts"] } },
      { extends: true, test: { name: "db", include: TESTS, exclude: UNIT, setupFiles: ["tests/setup/database.ts"] } },
    ],
  },
});
