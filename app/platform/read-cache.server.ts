// Reads kept until the next write. That matters because a statement costs more CPU than a whole
// bare page (on PGlite about 1 ms of this process's; on PostgreSQL the driver, the query engine and
// the server's own process): with it, a signed-in page whose data did not change runs no statement
// (docs/performance.md). Two levels: `cachedRead` keeps a value the app computed from reads (the
// session, the counters), and every plain SELECT the app sends outside a transaction is kept by its
// text and parameters. Any other statement, and any transaction, drops everything kept, before it
// runs and again when it is done; a read that overlapped a write is not kept.
//
// Embedded database: PGlite runs inside this process and allows one process per data directory
// (docs/decisions/0003-embedded-database.md), so every write passes through `watchWrites`: a kept
// read is exact, not "recent".
//
// PostgreSQL: other instances write too. Each instance tells the others when a write of its own
// has ended (NOTIFY on one channel, from a connection of this module's own that LISTENs to it), and
// drops everything when it hears of one, or `forgetReads()` is called. Nothing is kept while that
// connection is down (what the others wrote meanwhile is unknown), and nothing longer than
// SERVER_MAX_AGE_MS, which bounds what a write made outside the app (psql) can leave unseen. A
// session is kept too, but used only once the link has caught up with the writes committed before
// the request came (cachedReadFreshAcrossInstances): a sign-out on one instance ends it on all at once.
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { logger } from "~/platform/logger.server";

const MAX_ENTRIES = 1000;
const READ_ONLY = /^\s*(SELECT|SHOW)\b/i;
/** A SELECT whose answer depends on more than the tables (the clock, a sequence, a lock) is never kept. */
const VOLATILE =
  /\b(now|random|nextval|setval|currval|clock_timestamp|statement_timestamp|timeofday|txid_\w+|pg_\w+|current_(date|time|timestamp)|localtime|localtimestamp)\b|\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i;
/**
 * Tables no kept read depends on: a read that names one is never kept, so a write to them alone
 * (each request's rate-limit counter, an OCTO call's among them) drops nothing and announces nothing.
 */
const UNWATCHED = /"RateLimit"/;
// Every table a statement writes, quoted or not (ON CONFLICT's DO UPDATE names none).
const WRITE_TARGET = /\b(INSERT\s+INTO|(?<!\bDO\s+)UPDATE|DELETE\s+FROM)\s+(?:"?public"?\.)?("[^"]+"|\w+)/gi;
const OTHER_CHANGES = /\b(MERGE|TRUNCATE|ALTER|DROP|CREATE|COPY|CALL)\b|^\s*DO\b/i;

/** Whether a statement writes only to unwatched tables (a plain INSERT, UPDATE or DELETE of one). */
function writesOnlyUnwatched(sql: string): boolean {
  const targets = [...sql.matchAll(WRITE_TARGET)];
  return targets.length > 0 && targets.every((target) => UNWATCHED.test(target[2])) && !OTHER_CHANGES.test(sql);
}

/** Larger answers (a CSV export's pages) are not kept: the bound is on entries, so each must stay small. */
const MAX_KEPT_ROWS = 200;

const SERVER_MAX_AGE_MS = 2_000;
const CHANNEL = "tour_booking_reads";
const RECONNECT_MS = 1_000;
/** The link's name in pg_stat_activity. */
const LINK_NAME = "tour-booking read cache";

let mode: "off" | "embedded" | "server" = "off";
/** Changes before and after every write. */
let generation = 0;
let writesInFlight = 0;
const entries = new Map<string, { generation: number; value: Promise<unknown>; at: number }>();

/** Whether reads are kept now: always on the embedded database, on PostgreSQL while linked to the others. */
function keeping() {
  return mode === "embedded" || (mode === "server" && link?.listening === true);
}

/**
 * Drops every kept read: another instance wrote, or the app knows something changed outside it.
 * A cache of its own that is refilled from reads when another instance announces a change on the
 * fleet's link (app/platform/cache.server.ts) calls this first: the two links are not ordered.
 */
export function forgetReads(): void {
  generation += 1;
  entries.clear();
}

function writeStarted() {
  writesInFlight += 1;
  forgetReads();
}

function writeEnded() {
  writesInFlight -= 1;
  forgetReads();
  if (mode === "server") announceWrite();
}

async function asWrite<T>(run: () => Promise<T>): Promise<T> {
  writeStarted();
  try {
    return await run();
  } finally {
    writeEnded();
  }
}

type Results = Awaited<ReturnType<PGlite["query"]>>;

/** The key of a statement that may be kept, or null. The parsers are part of it (rows are parsed by them). */
function statementKey(sql: string, params: unknown, options: { rowMode?: string; parsers?: object } | undefined) {
  if (!READ_ONLY.test(sql) || VOLATILE.test(sql) || UNWATCHED.test(sql)) return null;
  if (options && Object.keys(options).some((key) => key !== "rowMode" && key !== "parsers")) return null;
  try {
    return `statement\u0000${options?.rowMode ?? "object"}\u0000${parsersId(options?.parsers)}\u0000${sql}\u0000${JSON.stringify(params ?? [], jsonValue)}`;
  } catch {
    return null;
  }
}

const parsersIds = new WeakMap<object, number>();
let nextParsersId = 1;
function parsersId(parsers: object | undefined) {
  if (!parsers) return 0;
  if (!parsersIds.has(parsers)) parsersIds.set(parsers, nextParsersId++);
  return parsersIds.get(parsers);
}

function jsonValue(_key: string, value: unknown) {
  if (typeof value === "bigint") return `${value}n`;
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString("base64")}`;
  return value;
}

/** Each caller gets rows of its own: the kept ones are never handed out to be changed. */
function copyOf(results: Results): Results {
  return { ...results, rows: results.rows.map((row) => (Array.isArray(row) ? [...row] : { ...(row as object) })) };
}

/** Routes every statement of the embedded database through the write check (app/platform/db.server.ts). */
export function watchWrites(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) => {
    if (!READ_ONLY.test(sql)) {
      return writesOnlyUnwatched(sql) ? query(sql, params, options) : asWrite(() => query(sql, params, options));
    }
    const key = statementKey(sql, params, options as { rowMode?: string; parsers?: object } | undefined);
    if (!key) return query(sql, params, options);
    return cachedRead(key, () => query(sql, params, options).then(kept)).then(copyOf);
  }) as typeof pglite.query;
  pglite.exec = ((sql: string, ...rest: unknown[]) =>
    READ_ONLY.test(sql) ? exec(sql, ...(rest as [])) : asWrite(() => exec(sql, ...(rest as [])))) as typeof pglite.exec;
  pglite.transaction = ((fn: Parameters<typeof transaction>[0]) => asWrite(() => transaction(fn))) as typeof pglite.transaction;
  mode = "embedded";
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

type QueryConfig = { text: string; values?: unknown[]; rowMode?: string; types?: unknown; name?: string };

/** The key of a pool statement that may be kept, or null (Prisma's parsers are the same for every call). */
function serverStatementKey(config: string | QueryConfig, values: unknown) {
  const text = typeof config === "string" ? config : config?.text;
  if (typeof text !== "string" || !READ_ONLY.test(text) || VOLATILE.test(text) || UNWATCHED.test(text)) return null;
  if (text.includes(FRESH_ACROSS_INSTANCES)) return null;
  const options: Partial<QueryConfig> = typeof config === "string" ? {} : config;
  try {
    return `server\u0000${options.rowMode ?? "object"}\u0000${options.types ? "types" : ""}\u0000${text}\u0000${JSON.stringify(values ?? options.values ?? [], jsonValue)}`;
  } catch {
    return null;
  }
}

function copyOfServer(result: pg.QueryResult): pg.QueryResult {
  return { ...result, rows: result.rows.map((row) => (Array.isArray(row) ? [...row] : { ...row })) };
}

/** Clients of the pool that have sent a statement other than a read since they were taken. */
const writing = new WeakSet<pg.PoolClient>();
const COMMIT = /^\s*(COMMIT|END)\b/i;
const ANNOUNCE = "SELECT pg_notify($1, $2)";

/**
 * Keeps the pool's reads and watches its writes (app/platform/db.server.ts): a client taken from
 * the pool is writing from its first statement other than a read (BEGIN included) until it is
 * given back, after its COMMIT or ROLLBACK. The other instances hear of a write before the app
 * does: a transaction announces it just before its COMMIT (delivered with the commit), a single
 * statement right after it and before its answer goes back to the app; a logout or a disabled
 * account is thus known everywhere before the answer that reports it is sent.
 */
export function watchServerWrites(pool: pg.Pool, url: string): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.query = ((config: string | QueryConfig, ...rest: unknown[]) => {
      const text = typeof config === "string" ? config : config?.text;
      if (typeof text !== "string") return query(config, ...rest);
      if (!writing.has(client as pg.PoolClient) && !READ_ONLY.test(text) && !writesOnlyUnwatched(text)) {
        writing.add(client as pg.PoolClient);
        writeStarted();
      }
      const promised = !rest.some((arg) => typeof arg === "function");
      if (promised && COMMIT.test(text) && writing.has(client as pg.PoolClient)) {
        return query(ANNOUNCE, [CHANNEL, instanceId]).then(() => query(config, ...rest));
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
  pool.on("release", (_error, client) => {
    if (!writing.has(client)) return;
    writing.delete(client);
    writeEnded();
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  pool.query = ((config: string | QueryConfig, values?: unknown, ...rest: unknown[]) => {
    if (typeof values === "function" || rest.length > 0) return query(config, values, ...rest);
    const text = typeof config === "string" ? config : config?.text;
    if (typeof text === "string" && !READ_ONLY.test(text) && !writesOnlyUnwatched(text)) {
      return query(config, values).then(async (result) => {
        await query(ANNOUNCE, [CHANNEL, instanceId]).catch((error: Error) =>
          logger.warn({ error: error.message }, "read cache: write not announced to the other instances"),
        );
        return result;
      });
    }
    const key = serverStatementKey(config, values);
    if (!key) return query(config, values);
    return cachedRead(key, () => query(config, values).then(kept)).then(copyOfServer);
  }) as typeof pool.query;
  mode = "server";
  link = { client: undefined, listening: false, stopped: false };
  void listen(link, url);
}

interface Link {
  client: pg.Client | undefined;
  listening: boolean;
  stopped: boolean;
  timer?: NodeJS.Timeout;
  announcing?: boolean;
}
let link: Link | undefined;
/** This process among the instances: its own announcements come back to it and are skipped. */
const instanceId = randomBytes(6).toString("hex");

async function listen(current: Link, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: LINK_NAME });
  let done = false;
  const lost = (error?: Error) => {
    if (done) return;
    done = true;
    const wasListening = current.client === client;
    if (wasListening) {
      current.client = undefined;
      current.listening = false;
      forgetReads();
    }
    void client.end().catch(() => undefined);
    if (current.stopped || current !== link) return;
    if (wasListening) logger.warn({ error: error?.message }, "read cache: link to the other instances lost, reads are not kept");
    current.timer = setTimeout(() => void listen(current, url), RECONNECT_MS);
    current.timer.unref();
  };
  client.on("error", lost);
  client.on("end", () => lost());
  client.on("notification", (message) => {
    if (message.payload !== instanceId) forgetReads();
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (current.stopped) {
      done = true;
      await client.end();
      return;
    }
    current.client = client;
    current.listening = true;
    forgetReads();
  } catch (error) {
    lost(error as Error);
  }
}

/**
 * Tells the other instances that a write of this one has ended (one NOTIFY for the writes of one
 * turn): writes on a client of the pool outside a transaction (the start-up's seed).
 */
function announceWrite() {
  const current = link;
  if (!current?.client || current.announcing) return;
  current.announcing = true;
  setImmediate(() => {
    current.announcing = false;
    current.client
      ?.query("SELECT pg_notify($1, $2)", [CHANNEL, instanceId])
      .catch((error: Error) => logger.warn({ error: error.message }, "read cache: write not announced to the other instances"));
  });
}

/** Closes the link to the other instances (the database is closing); nothing is kept afterwards. */
export async function stopWatchingServerWrites(): Promise<void> {
  const current = link;
  link = undefined;
  if (mode === "server") mode = "off";
  forgetReads();
  if (!current) return;
  current.stopped = true;
  clearTimeout(current.timer);
  const client = current.client;
  current.client = undefined;
  current.listening = false;
  await client?.end().catch(() => undefined);
}

/** A statement's results, to be kept only when they are small (MAX_KEPT_ROWS); marked otherwise. */
const tooLarge = new WeakSet<object>();
function kept<R extends { rows: unknown[] }>(results: R): R {
  if (results.rows.length > MAX_KEPT_ROWS) tooLarge.add(results);
  return results;
}

/** The value of `load` (a read), kept until the next write (on PostgreSQL: of any instance, and 2 s at most). */
/**
 * Marks a statement (a comment at its end) that must see every instance's last write at once: a
 * session, whose sign-out, role change or disabled account on one instance ends it on every other
 * at the next request. Such a statement is never kept by its text; the value read with it is kept
 * by `cachedReadFreshAcrossInstances`.
 */
export const FRESH_ACROSS_INSTANCES = "/* fresh across instances */";

/**
 * cachedRead for a value that must reflect every instance's writes committed before this call (a
 * session). A NOTIFY takes a moment to arrive, so on PostgreSQL the value kept is used only once the
 * link has made a round trip that started after this call: PostgreSQL sends a listening connection
 * every notification committed before a statement ends ahead of that statement's answer, so by then
 * every write the others had committed (their sign-outs among them) has dropped what it changed.
 * Concurrent callers share one round trip (`SELECT 1` on the link); if it fails, the value is read.
 */
export async function cachedReadFreshAcrossInstances<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (mode === "server" && !(await linkCaughtUp())) return load();
  return cachedRead(key, load);
}

const CATCH_UP_TIMEOUT_MS = 1_000;
/** The link's round trip under way, and the next one, for callers that came after it had started. */
let catchingUp: Promise<boolean> | null = null;
let nextCatchUp: Promise<boolean> | null = null;

function linkCaughtUp(): Promise<boolean> {
  if (!catchingUp) return startCatchUp();
  return (nextCatchUp ??= catchingUp.then(() => {
    nextCatchUp = null;
    return catchingUp ?? startCatchUp();
  }));
}

function startCatchUp(): Promise<boolean> {
  const trip = catchUp();
  catchingUp = trip;
  void trip.finally(() => {
    if (catchingUp === trip) catchingUp = null;
  });
  return trip;
}

async function catchUp(): Promise<boolean> {
  const client = link?.listening ? link.client : undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    if (!client) return false;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, CATCH_UP_TIMEOUT_MS, false)));
    return await Promise.race([client.query("SELECT 1").then(() => link?.client === client), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!keeping()) return load();
  const hit = entries.get(key);
  if (hit && hit.generation === generation && (mode !== "server" || Date.now() - hit.at < SERVER_MAX_AGE_MS)) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  if (writesInFlight > 0) return load();
  const started = generation;
  const value = load();
  entries.set(key, { generation: started, value, at: Date.now() });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  value.then(
    (result) => {
      const stale = generation !== started || (typeof result === "object" && result !== null && tooLarge.has(result));
      if (stale && entries.get(key)?.value === value) entries.delete(key);
    },
    () => {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  );
  return value;
}

/**
 * A number that changes with every write (this instance's or, on PostgreSQL, another's), or null
 * while a write runs or nothing is kept: what was computed from reads under one number is still
 * what the reads would give while it stays the same (app/http/render-cache.server.ts, visitor pages).
 */
export function readsGeneration(): number | null {
  return keeping() && writesInFlight === 0 ? generation : null;
}

/** Whether reads are kept now (tests: on PostgreSQL, once linked to the other instances). */
export function keepingReads(): boolean {
  return keeping();
}

/** How many reads are kept (tests, and the memory figures of docs/performance.md). */
export function cachedReads(): number {
  return entries.size;
}
