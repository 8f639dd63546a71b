// Pure unit tests (`*.unit.test.ts`) get no database: opening one fails with the rule to follow,
// instead of writing to the development database in ./data.
import { vi } from "vitest";
import type * as database from "~/platform/db.server";

vi.mock("~/platform/db.server", async (importOriginal) => ({
  ...(await importOriginal<typeof database>()),
  db: () => {
    throw new Error("A *.unit.test.ts file has no database: rename the test file to *.test.ts to get one (vitest.config.ts).");
  },
}));
