import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    // Each file gets its own database; two at a time fits a 2-core machine.
    maxWorkers: 2,
    // The first test of a file also creates, migrates and seeds its database: slow on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
