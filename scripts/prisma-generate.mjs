// Generates the Prisma client without downloading Prisma's native schema engine
// (it cannot be fetched on our machines and `generate` does not need it).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const stubDir = join(tmpdir(), "tour-booking-prisma-stub");
const stub = join(stubDir, "schema-engine");
mkdirSync(stubDir, { recursive: true });
writeFileSync(
  stub,
  '#!/bin/sh\necho "The native Prisma schema engine is not installed: migrations are applied by the app at start-up (see docs/deployment.md, Migrations)." >&2\nexit 1\n',
);
chmodSync(stub, 0o755);

execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
});
