// The production build (build/) started as a real process with server/start.mjs, against a
// PostgreSQL database made for the test. Used by the reliability suite only.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("The reliability suite runs against PostgreSQL: set TEST_DATABASE_URL.");
  if (!existsSync(resolve(ROOT, "build/index.js"))) throw new Error("No production build: run `npm run build` first.");
  return url;
}

export async function adminQuery<Row = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** A new, empty database on the TEST_DATABASE_URL server. */
export async function createDatabase(label: string): Promise<TestDatabase> {
  const server = serverUrl();
  const name = `tb_rel_${label}_${process.pid}_${randomBytes(3).toString("hex")}`;
  await adminQuery(server, `CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (sql, params) => adminQuery(url.toString(), sql, params),
    drop: async () => void (await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export interface AppProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  /** everything the process printed so far */
  output(): string;
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

// App processes never outlive the test run, even when a test times out.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export const TEST_ADMIN = { email: "admin@reliability.test", password: "admin-password-1" };

/** Starts `node server/start.mjs` (production mode) and waits until it listens. */
export async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  return startProcess({ DATABASE_URL: databaseUrl, ...env });
}

/**
 * The same on the embedded database (no DATABASE_URL): a new DATA_DIR in a temporary directory,
 * removed when the process has stopped.
 */
export async function startEmbeddedApp(env: Record<string, string> = {}): Promise<AppProcess> {
  if (!existsSync(resolve(ROOT, "build/index.js"))) throw new Error("No production build: run `npm run build` first.");
  const parent = mkdtempSync(join(tmpdir(), "tb-rel-embedded-"));
  // A DATA_DIR that does not exist yet, as on a new volume: the server creates it.
  const dataDir = join(parent, "data");
  const app = await startProcess({ DATA_DIR: dataDir, ...env });
  const stop = app.stop;
  return {
    ...app,
    async stop() {
      const code = await stop();
      rmSync(parent, { recursive: true, force: true });
      return code;
    },
  };
}

async function startProcess(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/start.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: String(port),
      SESSION_SECRET: "reliability-session-secret",
      // Required in production with DATABASE_URL: the origin the tests reach the app at.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The tests order the demo packages; production seeds them only when asked.
      SEED_DEMO_DATA: "true",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      BCRYPT_COST: "4",
      // At cost 4 a hash takes a millisecond: let the tests' simultaneous registrations all queue.
      BCRYPT_QUEUE: "100",
      // Every test client comes from 127.0.0.1: per-address limits would stop the load.
      RATE_LIMIT_FORM_MAX: "100000",
      RATE_LIMIT_WRITE_ADDRESS_MAX: "100000",
      // Hundreds of accounts order one date at once to test overselling, not the unpaid share
      // (tests/integration/shared-holds.test.ts covers HOLD_MAX_SHARE_PER_DEPARTURE).
      HOLD_MAX_SHARE_PER_DEPARTURE: "100",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) =>
    child.once("exit", (code) => {
      running.delete(child);
      done(code);
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`the app exited before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the app did not listen within 60 s:\n${output}`);
    }
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(100);
  }
  return {
    origin,
    port,
    child,
    output: () => output,
    exited,
    async stop() {
      if (!gone) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 25_000);
        await exited;
        clearTimeout(killer);
      }
      return exited;
    },
  };
}

export function sleep(ms: number) {
  return new Promise((done) => setTimeout(done, ms));
}
