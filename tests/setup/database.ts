// Every test file gets a database of its own: a fresh embedded PGlite directory, or, when
// TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped afterwards).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { closeDatabase } from "~/platform/db.server";

process.env.NODE_ENV = "test";
process.env.BCRYPT_COST = "4";
process.env.SESSION_SECRET = "test-secret";
delete process.env.SMTP_URL;
// Links are made with PUBLIC_URL's default, http://localhost:3000, unless a test sets its own.
delete process.env.PUBLIC_URL;
// Tests book small dates from several accounts: the share all accounts may hold unpaid is tested
// where it is set (tests/integration/hold-limits.test.ts), as the browser suite raises it too.
process.env.HOLD_MAX_SHARE_PER_DEPARTURE = "100";

const dataDir = mkdtempSync(join(tmpdir(), "tour-booking-test-"));
process.env.DATA_DIR = dataDir;

const serverUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;
if (serverUrl) {
  databaseName = `tb_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${databaseName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
}

afterAll(async () => {
  await closeDatabase();
  if (serverUrl && databaseName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
