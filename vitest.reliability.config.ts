import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The reliability suite (tests/reliability): real app processes from the production build
// against the PostgreSQL server of TEST_DATABASE_URL. Run `npm run build` first.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // One file at a time: each starts app processes and loads them.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
