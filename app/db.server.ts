// One Prisma client per process, on the PostgreSQL server (DATABASE_URL) or on the embedded
// PGlite database under DATA_DIR. Migrations and the seed run before the first query.
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "~/env.server";
import { PrismaClient } from "~/generated/prisma/client";
import { applyMigrations, pendingMigrations, readMigrations, type MigrationConnection } from "~/db/migrate.server";
import { seedDatabase } from "~/db/seed.server";

export type Db = PrismaClient;

interface Database {
  prisma: PrismaClient;
  /** a session of its own for migrations and health checks */
  withConnection<T>(fn: (connection: MigrationConnection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  kind: "postgresql" | "embedded";
}

const MIGRATIONS_DIR = resolve(process.env.MIGRATIONS_DIR ?? "prisma/migrations");

let queryCount = 0;

/** How many SQL queries Prisma has run in this process: tests use it to keep pages free of N+1. */
export function queriesRun(): number {
  return queryCount;
}

function countingQueries(client: PrismaClient<"query">): PrismaClient {
  client.$on("query", () => {
    queryCount += 1;
  });
  return client as unknown as PrismaClient;
}

function openServerDatabase(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast when the server is down instead of hanging requests.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (error) => console.error(JSON.stringify({ level: "error", msg: "idle PostgreSQL client failed", error: error.message })));
  const prisma = countingQueries(new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: "event", level: "query" }] }));
  return {
    prisma,
    kind: "postgresql",
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          exec: async (sql) => void (await client.query(sql)),
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

function openEmbeddedDatabase(dataDir: string): Database {
  const pglite = new PGlite(join(dataDir, "pglite"));
  const prisma = countingQueries(new PrismaClient({ adapter: new PrismaPGlite(pglite), log: [{ emit: "event", level: "query" }] }));
  return {
    prisma,
    kind: "embedded",
    async withConnection(fn) {
      return fn({
        query: async (sql, params) => (await pglite.query(sql, params as unknown[])).rows as never,
        exec: async (sql) => void (await pglite.exec(sql)),
      });
    },
    async close() {
      await prisma.$disconnect();
      // The adapter's dispose leaves PGlite open; closing it flushes the data directory.
      if (!pglite.closed) await pglite.close();
    },
  };
}

interface DatabaseState {
  database: Database;
  ready: Promise<void>;
}

const globalForDb = globalThis as typeof globalThis & { __tourBookingDb?: DatabaseState };

function state(): DatabaseState {
  if (!globalForDb.__tourBookingDb) {
    const config = env();
    const database = config.DATABASE_URL
      ? openServerDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
      : openEmbeddedDatabase(config.DATA_DIR);
    const ready = (async () => {
      const applied = await database.withConnection((connection) =>
        applyMigrations(connection, readMigrations(MIGRATIONS_DIR)),
      );
      if (applied.length > 0) log(`applied migrations: ${applied.join(", ")}`);
      await seedDatabase(database.prisma, config);
    })();
    globalForDb.__tourBookingDb = { database, ready };
    // A failed start must not stay cached: the next call tries again.
    ready.catch(() => {
      if (globalForDb.__tourBookingDb?.ready === ready) globalForDb.__tourBookingDb = undefined;
      void database.close().catch(() => undefined);
    });
  }
  return globalForDb.__tourBookingDb;
}

function log(msg: string) {
  if (process.env.NODE_ENV !== "test") console.log(JSON.stringify({ level: "info", msg }));
}

/** The ready Prisma client: migrated and seeded. */
export async function db(): Promise<PrismaClient> {
  const current = state();
  await current.ready;
  return current.database.prisma;
}

export function databaseKind(): "postgresql" | "embedded" {
  return env().DATABASE_URL ? "postgresql" : "embedded";
}

/** For /readyz: the database answers and has every migration of this build. */
export async function checkDatabaseReady(): Promise<{ ok: boolean; pending: string[]; error?: string }> {
  try {
    const current = state();
    await current.ready;
    const pending = await current.database.withConnection((connection) =>
      pendingMigrations(connection, readMigrations(MIGRATIONS_DIR)),
    );
    return { ok: pending.length === 0, pending };
  } catch (error) {
    return { ok: false, pending: [], error: (error as Error).message };
  }
}

export async function closeDatabase(): Promise<void> {
  const current = globalForDb.__tourBookingDb;
  globalForDb.__tourBookingDb = undefined;
  if (current) await current.database.close();
}
