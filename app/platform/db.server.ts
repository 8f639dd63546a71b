// One Prisma client per process, on the PostgreSQL server (DATABASE_URL) or on the embedded
// PGlite database under DATA_DIR. Migrations and the seed run before the first query.
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { applyMigrations, pendingMigrations, readMigrations, type MigrationConnection } from "~/platform/migrate.server";
import { stopWatchingServerWrites, watchServerWrites, watchWrites } from "~/platform/read-cache.server";
import { seedDatabase } from "~/platform/seed.server";

export type Db = PrismaClient;
/** The client inside `prisma.$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

interface Database {
  prisma: PrismaClient;
  /** a session of its own for health checks, or for the start-up (migrations, seed) outside the pool */
  withConnection<T>(fn: (connection: MigrationConnection) => Promise<T>, options?: { startUp?: boolean }): Promise<T>;
  close(): Promise<void>;
  kind: "postgresql" | "embedded";
  /** The connection pool's state (PostgreSQL; the embedded database has one connection and no pool). */
  pool?: { total(): number; idle(): number; waiting(): number; max: number };
}

const MIGRATIONS_DIR = resolve(process.env.MIGRATIONS_DIR ?? "prisma/migrations");

/** A time as the columns hold it (timestamp without time zone, UTC) for raw SQL, whatever the session's time zone. */
export function sqlTimestamp(date: Date): Prisma.Sql {
  return Prisma.sql`${date.toISOString().slice(0, -1)}::timestamp(3)`;
}

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

// An outage must not hang requests: give up connecting (or waiting for a free connection) and
// on an unanswered query after 5 s; the request then answers 503 (app/http/outage.server.ts). Not less:
// under a burst a request may wait a moment for one of the pool's connections.
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 5_000;
// Start-up may wait for another instance's advisory lock and run long migrations.
const START_UP_QUERY_TIMEOUT_MS = 10 * 60_000;

function openServerDatabase(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // Every query and connection tells whether the database is reachable (databaseUnreachable).
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => noteReachability(query(...args))) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => noteReachability(connect(...args))) as typeof pool.connect;
  pool.on("error", (error) => logger.error({ error: error.message }, "idle PostgreSQL client failed"));
  // A connection that dies while a transaction holds it out of the pool: pg emits "error" on
  // that client, and an error event nobody listens to ends the process. The transaction's own
  // query fails and answers 503 (app/http/outage.server.ts).
  pool.on("connect", (client) =>
    client.on("error", (error) => logger.warn({ error: error.message }, "PostgreSQL connection lost during a transaction")),
  );
  // Reads are kept until a write of any instance (app/platform/read-cache.server.ts).
  watchServerWrites(pool, url);
  const prisma = countingQueries(new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: "event", level: "query" }] }));
  return {
    prisma,
    kind: "postgresql",
    pool: { total: () => pool.totalCount, idle: () => pool.idleCount, waiting: () => pool.waitingCount, max: poolSize },
    async withConnection(fn, { startUp = false } = {}) {
      // Start-up holds its session while the seed runs through the pool: it must not take a pool slot.
      const own = startUp ? new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }) : undefined;
      const client = own ?? (await pool.connect());
      const timeout = startUp ? START_UP_QUERY_TIMEOUT_MS : QUERY_TIMEOUT_MS;
      let failure: Error | undefined;
      try {
        if (own) await own.connect();
        // pg honours a per-query query_timeout, which its types do not list.
        const timed = (text: string, values?: unknown[]) => ({ text, values, query_timeout: timeout }) as pg.QueryConfig;
        return await fn({
          query: async (sql, params) => (await client.query(timed(sql, params as unknown[]))).rows,
          exec: async (sql) => void (await client.query(timed(sql))),
        });
      } catch (error) {
        failure = error as Error;
        throw error;
      } finally {
        // A failed pool session (timed out, cut) must not go back to the pool.
        if (own) await own.end().catch(() => undefined);
        else (client as pg.PoolClient).release(failure);
      }
    },
    async close() {
      await stopWatchingServerWrites();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

// PGlite's WebAssembly memory starts at 128 MB and never shrinks; PostgreSQL's default 128 MB
// buffer pool alone grew it to ~185 MB. The site's data is a few MB, so a small pool keeps the
// database inside its first 128 MB (docs/performance.md, Memory).
function embeddedStartParams(sharedBuffers: string): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`, "-c", "work_mem=4MB", "-c", "temp_buffers=2MB"];
}

function openEmbeddedDatabase(dataDir: string, sharedBuffers: string): Database {
  // A DATA_DIR that does not exist yet is created, as a first start on a new volume expects.
  mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(join(dataDir, "pglite"), { startParams: embeddedStartParams(sharedBuffers) });
  // This process is the database's only client: reads can be kept until the next write.
  watchWrites(pglite);
  const prisma = countingQueries(
    new PrismaClient({ adapter: new PrismaPGlite(pglite), log: [{ emit: "event", level: "query" }] }),
  );
  return {
    prisma,
    kind: "embedded",
    async withConnection(fn) {
      return fn({
        query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
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

/** Held by the instance that migrates and seeds (Prisma's own lock covers the migrations only). */
const START_UP_LOCK_KEY = 72707370;

const globalForDb = globalThis as typeof globalThis & { __tourBookingDb?: DatabaseState };

function state(): DatabaseState {
  if (!globalForDb.__tourBookingDb) {
    const config = env();
    const database = config.DATABASE_URL
      ? openServerDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
      : openEmbeddedDatabase(config.DATA_DIR, config.EMBEDDED_SHARED_BUFFERS);
    const ready = (async () => {
      // Instances starting together take turns: the seed checks what exists before it writes.
      const applied = await database.withConnection(
        async (connection) => {
          await connection.query(`SELECT pg_advisory_lock(${START_UP_LOCK_KEY})`);
          try {
            const done = await applyMigrations(connection, readMigrations(MIGRATIONS_DIR));
            await seedDatabase(database.prisma, config);
            return done;
          } finally {
            await connection.query(`SELECT pg_advisory_unlock(${START_UP_LOCK_KEY})`);
          }
        },
        { startUp: true },
      );
      if (applied.length > 0) log(`applied migrations: ${applied.join(", ")}`);
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
  if (process.env.NODE_ENV !== "test") logger.info(msg);
}

/** The pool's connections and the requests waiting for one, or null (embedded database, or not opened yet). */
export function databasePool(): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = globalForDb.__tourBookingDb?.database.pool;
  return pool ? { total: pool.total(), idle: pool.idle(), waiting: pool.waiting(), max: pool.max } : null;
}

/** The ready Prisma client: migrated and seeded. */
export async function db(): Promise<PrismaClient> {
  const current = state();
  await current.ready;
  return current.database.prisma;
}

/** Opens the database at start-up: migrated and seeded before the first request. */
export async function openDatabase(): Promise<void> {
  await db();
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

// Errors that mean "the database cannot be reached right now", as pg, Prisma's pg adapter and
// Prisma report them; anything else (a bad query, a constraint) stays a real error.
const UNREACHABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNREACHABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused|not queryable|server closed the connection|Can't reach database server/i;

/** True when the error (or one it wraps) means the database is unreachable, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; depth += 1) {
    const { code, kind, message, cause } = current as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string") {
      if (UNREACHABLE_SOCKET_CODES.has(code) || UNREACHABLE_PRISMA_CODES.has(code)) return true;
      // PostgreSQL's SQLSTATE: connection exceptions, shutting down or starting up, too many connections.
      if (/^08|^57P0[123]$|^53300$/.test(code)) return true;
    }
    if (typeof kind === "string" && UNREACHABLE_ADAPTER_KINDS.has(kind)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

// Whether the last attempt to reach the database failed for want of a database.
let unreachable = false;

function noteReachability(result: unknown): unknown {
  if (!(result instanceof Promise)) return result;
  return result.then(
    (value) => {
      unreachable = false;
      return value;
    },
    (error) => {
      if (isDatabaseUnavailable(error)) unreachable = true;
      throw error;
    },
  );
}

/**
 * True while the database server cannot be reached: a request that failed meanwhile failed
 * because of it, even when its handler turned the error into an answer of its own.
 */
export function databaseUnreachable(): boolean {
  return unreachable;
}
