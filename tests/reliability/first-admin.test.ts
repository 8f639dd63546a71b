// A production start made from the documentation (issue 35, items 1 and 2), on the built server:
// no guessable administrator (the demo's password or a short one is refused, naming ADMIN_PASSWORD;
// unset, the first administrator gets a random password printed once), the first administrator
// made once in the database's life (a deleted one is not made again, a demoted one not promoted
// again), `node scripts/admin.mjs` as the way back in, and the demo only when asked for, never
// seeded again into a database that had it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, type AppProcess, type TestDatabase } from "./support/app";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ADMIN_EMAIL = "owner@agency.test";
// A production start without the demo, as the image and the compose file run it.
const LIVE = { SEED_DEMO_DATA: "false", ADMIN_EMAIL, ADMIN_PASSWORD: "" };
const RANDOM_PASSWORD = /random password (\S+) /g;

let database: TestDatabase;
beforeAll(async () => void (database = await createDatabase("first_admin")));
afterAll(async () => await database?.drop());

/** Starts, expecting the server to refuse: its output. */
async function refusedStart(env: Record<string, string>): Promise<string> {
  const failure = await startApp(database.url, env).then(
    async (app) => {
      await app.stop();
      return null;
    },
    (error: Error) => error.message,
  );
  expect(failure, "the server started").not.toBeNull();
  return failure!;
}

async function tokenStatus(app: AppProcess, email: string, password: string): Promise<number> {
  const response = await fetch(`${app.origin}/api/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

async function count(sql: string): Promise<number> {
  return Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`))[0].n);
}

function runAdminCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["scripts/admin.mjs", ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        SESSION_SECRET: "reliability-session-secret",
        PUBLIC_URL: "http://127.0.0.1:9",
        BCRYPT_COST: "4",
        ...LIVE,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => done({ code, output }));
  });
}

describe("the first administrator in production", () => {
  it("refuses to start with the demo's password or a short one, naming ADMIN_PASSWORD", async () => {
    expect(await refusedStart({ ...LIVE, ADMIN_PASSWORD: "admin12345" })).toMatch(
      /ADMIN_PASSWORD: is the demo's published password in production/,
    );
    expect(await refusedStart({ ...LIVE, ADMIN_PASSWORD: "short-pass1" })).toMatch(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
    // Refused before anything was done: not even migrated.
    expect((await database.query<{ table: string | null }>(`SELECT to_regclass('"User"')::text AS "table"`))[0].table).toBeNull();
  });

  it("unset: a random password printed once, that signs in; nothing made again after a delete or a demotion; the command gets back in", async () => {
    let app = await startApp(database.url, LIVE);
    const printed = [...app.output().matchAll(RANDOM_PASSWORD)].map((match) => match[1]);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await tokenStatus(app, ADMIN_EMAIL, printed[0])).toBe(200);
    expect(await tokenStatus(app, ADMIN_EMAIL, "admin12345")).toBe(401);
    // No demo in production unless asked for.
    expect(await count(`"Service"`)).toBe(0);
    expect(await count(`"Review"`)).toBe(0);
    await app.stop();

    // The administrator deleted: not made again at the next start.
    await database.query(`DELETE FROM "User" WHERE "email" = $1`, [ADMIN_EMAIL]);
    app = await startApp(database.url, LIVE);
    expect(app.output()).not.toMatch(RANDOM_PASSWORD);
    expect(await count(`"User"`)).toBe(0);
    await app.stop();

    // The operator's command makes one (a random password, shown once).
    const made = await runAdminCommand(["--email", ADMIN_EMAIL]);
    expect(made.code, made.output).toBe(0);
    const password = /its password \(shown once\): (\S+)/.exec(made.output)?.[1];
    expect(password, made.output).toBeTruthy();
    // ... and refuses a short password, naming the option.
    const refused = await runAdminCommand(["--email", "other@agency.test", "--password", "short"]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/--password: must be at least 12 characters/);

    // Demoted: not promoted again at the next start.
    await database.query(`UPDATE "User" SET "role" = 'CUSTOMER' WHERE "email" = $1`, [ADMIN_EMAIL]);
    app = await startApp(database.url, LIVE);
    expect(await count(`"User" WHERE "role" = 'ADMIN'`)).toBe(0);
    expect(await tokenStatus(app, ADMIN_EMAIL, password!)).toBe(200);
    await app.stop();
  });
});

describe("the demo data", () => {
  it("is seeded when asked for, and never again into a database that had it", async () => {
    const demo = await createDatabase("demo_once");
    try {
      let app = await startApp(demo.url, { SEED_DEMO_DATA: "true" });
      const packages = Number((await demo.query<{ n: string }>(`SELECT count(*) AS n FROM "Service"`))[0].n);
      expect(packages).toBeGreaterThan(0);
      await app.stop();
      // The agency removes the demo's packages and reviews; the next start (still asking) brings none back.
      await demo.query(`TRUNCATE "Service", "Review" CASCADE`);
      app = await startApp(demo.url, { SEED_DEMO_DATA: "true" });
      const after = await demo.query<{ services: string; reviews: string }>(
        `SELECT (SELECT count(*) FROM "Service") AS services, (SELECT count(*) FROM "Review") AS reviews`,
      );
      expect(after[0]).toEqual({ services: "0", reviews: "0" });
      await app.stop();
    } finally {
      await demo.drop();
    }
  });
});
