// What the instances on one PostgreSQL server tell each other beyond the tables
// (docs/decisions/0016-jobs-across-instances.md): each instance keeps one connection of its own,
// outside the pool, that LISTENs for the changes other instances announce (so that their caches
// drop what changed within a moment) and holds the advisory locks of the periodic jobs
// (app/platform/jobs.server.ts). On the embedded database there is one instance: a change is
// only local and a job's lock is always this process's.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";

const CHANNEL = "tour_booking_changes";
/** The first half of every job lock's key; the second is hashtext(the lock's name). */
const JOB_LOCK_CLASS = 72707371;
const RECONNECT_MS = 1_000;
export const LINK_NAME = "tour-booking instance link";
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 5_000;

/** This process among the instances: its own announcements come back to it and are skipped. */
const instanceId = randomBytes(6).toString("hex");

type Handler = () => void;
const handlers = new Map<string, Set<Handler>>();

/**
 * Runs `handler` whenever `topic` changes, on this instance or another one; also after the link
 * to the other instances was lost (what they announced meanwhile is unknown).
 */
export function onChange(topic: string, handler: Handler): void {
  const set = handlers.get(topic) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(topic, set);
}

function runHandlers(topics: Iterable<string>) {
  for (const topic of topics)
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler();
      } catch (error) {
        logger.warn({ topic, error: (error as Error).message }, "change handler failed");
      }
    }
}

/**
 * Tells every instance (this one at once) that what `topic` names has changed. Call it after the
 * write is committed: the others read again as soon as they hear it.
 */
export function announceChange(topic: string): void {
  runHandlers([topic]);
  if (!link?.client) return;
  linkQuery("SELECT pg_notify($1, $2)", [CHANNEL, `${instanceId} ${topic}`]).catch((error: Error) =>
    logger.warn({ topic, error: error.message }, "change not announced to the other instances"),
  );
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * One statement on the link, after the ones before it (pg wants one query at a time on a client);
 * the rows, or an error when the link is down.
 */
function linkQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<{ client: pg.Client; rows: Row[] }> {
  const result = queue.then(async () => {
    const client = link?.client;
    if (!client) throw new Error("no link to the other instances");
    const { rows } = await client.query<Row>({ text, values, query_timeout: QUERY_TIMEOUT_MS } as pg.QueryConfig);
    return { client, rows };
  });
  queue = result.catch(() => undefined);
  return result;
}

interface Link {
  client: pg.Client | undefined;
  stopped: boolean;
  timer?: NodeJS.Timeout;
}
let link: Link | undefined;

/** Opens this instance's link to the others (PostgreSQL only): at start-up, after the migrations. */
export async function joinFleet(): Promise<void> {
  const url = env().DATABASE_URL;
  if (!url || link) return;
  link = { client: undefined, stopped: false };
  await connect(link, url, false);
}

async function connect(current: Link, url: string, reconnecting: boolean): Promise<void> {
  // TCP keep-alive: a link whose peer vanished (a network cut) is noticed and opened again.
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // How it shows in pg_stat_activity.
    application_name: LINK_NAME,
  });
  const lost = (error?: Error) => {
    if (current.client !== client) return;
    current.client = undefined;
    // Its advisory locks went with the session: no job may think it still holds one.
    heldLocks.clear();
    void client.end().catch(() => undefined);
    if (current.stopped) return;
    logger.warn({ error: error?.message }, "link to the other instances lost, reconnecting");
    current.timer = setTimeout(() => void connect(current, url, true), RECONNECT_MS);
    current.timer.unref();
  };
  client.on("error", lost);
  client.on("end", () => lost());
  client.on("notification", (message) => {
    const [from, topic] = (message.payload ?? "").split(" ");
    if (from !== instanceId && topic) runHandlers([topic]);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (current.stopped) {
      await client.end();
      return;
    }
    current.client = client;
    // Whatever the others announced while this instance was not listening: forget it all.
    if (reconnecting) runHandlers(handlers.keys());
  } catch (error) {
    await client.end().catch(() => undefined);
    if (current.stopped) return;
    if (!reconnecting) logger.warn({ error: (error as Error).message }, "link to the other instances not opened, retrying");
    current.timer = setTimeout(() => void connect(current, url, true), RECONNECT_MS);
    current.timer.unref();
  }
}

/** Closes the link (shutdown); its advisory locks go with it. */
export async function leaveFleet(): Promise<void> {
  const current = link;
  link = undefined;
  if (!current) return;
  current.stopped = true;
  clearTimeout(current.timer);
  const client = current.client;
  current.client = undefined;
  heldLocks.clear();
  await client?.end().catch(() => undefined);
}

/** The job locks this instance holds, by name. */
const heldLocks = new Set<string>();

/**
 * Takes the advisory lock `name` for this instance, without waiting: true when it is this
 * instance's (now or already), false when another instance holds it or the link is down. On the
 * embedded database it is always this process's.
 */
export async function tryJobLock(name: string): Promise<boolean> {
  if (!env().DATABASE_URL) return true;
  if (heldLocks.has(name)) return true;
  if (!link?.client) return false;
  const { client, rows } = await linkQuery<{ locked: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked", [
    JOB_LOCK_CLASS,
    name,
  ]);
  if (rows[0]?.locked && link?.client === client) heldLocks.add(name);
  return heldLocks.has(name);
}

/** Gives the lock `name` back, if this instance holds it. */
export async function releaseJobLock(name: string): Promise<void> {
  if (!heldLocks.delete(name) || !link?.client) return;
  await linkQuery("SELECT pg_advisory_unlock($1, hashtext($2))", [JOB_LOCK_CLASS, name]);
}

/** The job locks this instance holds now (tests). */
export function heldJobLocks(): string[] {
  return [...heldLocks];
}
