// Reads kept until the next write, on the embedded database only. PGlite runs inside this
// process and allows one process per data directory (docs/decisions/0003-embedded-database.md), so
// every write to the database passes through the wrapper below: a kept read is exact, not
// "recent". That matters because on PGlite each statement costs about 1 ms of this process's CPU
// (docs/performance.md), more than a whole bare page. Any statement other than a plain SELECT,
// and any transaction, drops everything kept, before it runs and again when it is done; a read
// that overlapped a write is not kept. On PostgreSQL (other instances write too) nothing is kept.
import type { PGlite } from "@electric-sql/pglite";

const MAX_ENTRIES = 1000;
const READ_ONLY = /^\s*(SELECT|SHOW)\b/i;

let enabled = false;
/** Changes before and after every write. */
let generation = 0;
let writesInFlight = 0;
const entries = new Map<string, { generation: number; value: Promise<unknown> }>();

function writeStarted() {
  generation += 1;
  writesInFlight += 1;
  entries.clear();
}

function writeEnded() {
  generation += 1;
  writesInFlight -= 1;
  entries.clear();
}

async function asWrite<T>(run: () => Promise<T>): Promise<T> {
  writeStarted();
  try {
    return await run();
  } finally {
    writeEnded();
  }
}

/** Routes every statement of the embedded database through the write check (app/platform/db.server.ts). */
export function watchWrites(pglite: PGlite): void {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  pglite.query = ((sql: string, ...rest: unknown[]) =>
    READ_ONLY.test(sql) ? query(sql, ...(rest as [])) : asWrite(() => query(sql, ...(rest as [])))) as typeof pglite.query;
  pglite.exec = ((sql: string, ...rest: unknown[]) =>
    READ_ONLY.test(sql) ? exec(sql, ...(rest as [])) : asWrite(() => exec(sql, ...(rest as [])))) as typeof pglite.exec;
  pglite.transaction = ((fn: Parameters<typeof transaction>[0]) => asWrite(() => transaction(fn))) as typeof pglite.transaction;
  enabled = true;
}

/** The value of `load` (a read), kept until the next write when the database is embedded. */
export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!enabled) return load();
  const hit = entries.get(key);
  if (hit && hit.generation === generation) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  if (writesInFlight > 0) return load();
  const started = generation;
  const value = load();
  entries.set(key, { generation: started, value });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  value.then(
    () => {
      if (generation !== started && entries.get(key)?.value === value) entries.delete(key);
    },
    () => {
      if (entries.get(key)?.value === value) entries.delete(key);
    },
  );
  return value;
}

/** How many reads are kept (tests, and the memory figures of docs/performance.md). */
export function cachedReads(): number {
  return entries.size;
}
