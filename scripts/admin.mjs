// npm run admin -- --email you@example.com [--password '…']: makes the account an administrator with
// that password, or creates it; without --password a random one is made and printed once. Its
// sessions and reset links end. For a lost password, a deleted or demoted last administrator, or
// another administrator (docs/operations.md). It runs the app's own code from the production build
// (`npm run build` first; the Docker image has it: `node scripts/admin.mjs …`), with the app's
// configuration: the same DATABASE_URL (or, stopped first, the same DATA_DIR) as the server.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadBuild } from "../server/build.mjs";

const USAGE = "usage: npm run admin -- --email <address> [--password <at least 12 characters>]";

let options;
try {
  ({ values: options } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
  }));
} catch (error) {
  console.error(`admin: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const BUILD_PATH = path.resolve(process.env.BUILD_PATH ?? "build/index.js");
if (!existsSync(BUILD_PATH)) {
  console.error("admin: no production build; run `npm run build` first.");
  process.exit(1);
}
const hooks = (await loadBuild(BUILD_PATH)).entry.module;
let code = 0;
try {
  const result = await hooks.createOrResetAdministrator({ email: options.email, password: options.password });
  console.log(
    result.created
      ? `admin: ${result.email} created, an administrator`
      : `admin: ${result.email} is an administrator with the new password (its sessions ended)`,
  );
  if (result.generatedPassword) console.log(`admin: its password (shown once): ${result.generatedPassword}`);
} catch (error) {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
}
await hooks.closeDatabase().catch(() => undefined);
// The password hashing threads would keep the process alive for a minute.
process.exit(code);
