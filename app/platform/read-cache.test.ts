// The read cache on PostgreSQL (app/platform/read-cache.server.ts), against the test's own
// database: a pool of this file's own stands for this instance, plain clients for another instance
// (which announces its writes) and for psql (which does not). On the embedded database these
// cases do not apply (read-cache.unit.test.ts covers it).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cachedReadFreshAcrossInstances,
  FRESH_ACROSS_INSTANCES,
  forgetReads,
  keepingReads,
  stopWatchingServerWrites,
  watchServerWrites,
} from "~/platform/read-cache.server";

const url = process.env.DATABASE_URL;
const CHANNEL = "tour_booking_reads";
let pool: pg.Pool;
let outside: pg.Client;

const names = async () =>
  (await pool.query<{ name: string }>("SELECT name FROM cache_item ORDER BY name")).rows.map((row) => row.name);
const until = async (condition: () => boolean | Promise<boolean>, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!url)("reads kept on PostgreSQL until a write of any instance", () => {
  beforeAll(async () => {
    outside = new pg.Client({ connectionString: url });
    await outside.connect();
    await outside.query("CREATE TABLE cache_item (name text)");
    pool = new pg.Pool({ connectionString: url, max: 3 });
    watchServerWrites(pool, url!);
    await until(keepingReads);
  });

  afterAll(async () => {
    await stopWatchingServerWrites();
    await pool?.end();
    await outside?.end();
  });

  it("keeps a read; this instance's own write, alone or in a transaction, is seen at once", async () => {
    expect(await names()).toEqual([]);
    await pool.query("INSERT INTO cache_item (name) VALUES ('a')");
    expect(await names()).toEqual(["a"]);
    const client = await pool.connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO cache_item (name) VALUES ('b')");
    // Not committed: not seen, and this read is not kept past the commit.
    expect(await names()).toEqual(["a"]);
    await client.query("COMMIT");
    client.release();
    expect(await names()).toEqual(["a", "b"]);
  });

  it("forgets everything when another instance announces a write, and announces its own", async () => {
    expect(await names()).toEqual(["a", "b"]);
    await outside.query("INSERT INTO cache_item (name) VALUES ('c')");
    // Written without a word: the kept read still answers.
    expect(await names()).toEqual(["a", "b"]);
    await outside.query("SELECT pg_notify($1, 'another-instance')", [CHANNEL]);
    await until(async () => (await names()).includes("c"));
    // And when the app says so (a change it learnt of another way).
    await outside.query("INSERT INTO cache_item (name) VALUES ('c2')");
    expect(await names()).toEqual(["a", "b", "c"]);
    forgetReads();
    expect(await names()).toEqual(["a", "b", "c", "c2"]);
    await outside.query("DELETE FROM cache_item WHERE name = 'c2'");
    forgetReads();

    const heard: string[] = [];
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on("notification", (message) => heard.push(message.payload ?? ""));
    await listener.query(`LISTEN ${CHANNEL}`);
    await pool.query("DELETE FROM cache_item WHERE name = 'c'");
    await until(() => heard.length > 0);
    await listener.end();
  });

  it("uses a read marked fresh across instances (a session) only once every write another instance committed before is heard", async () => {
    let loads = 0;
    const fresh = async () => {
      loads += 1;
      return (await pool.query<{ name: string }>(`SELECT name FROM cache_item ORDER BY name ${FRESH_ACROSS_INSTANCES}`)).rows.map(
        (row) => row.name,
      );
    };
    const loaded = () => cachedReadFreshAcrossInstances("fresh-names", fresh);
    expect(await loaded()).toEqual(["a", "b"]);
    expect(await loaded()).toEqual(["a", "b"]);
    expect(loads).toBe(1);
    // Concurrent readers share the link's round trips and the one read.
    expect(await Promise.all(Array.from({ length: 20 }, loaded))).toEqual(Array.from({ length: 20 }, () => ["a", "b"]));
    expect(loads).toBe(1);
    // Another instance writes as the app does (its NOTIFY with the commit); the very next read,
    // with no pause for the notice to come, sees the write. Again and again: the notice may come
    // before or after the commit's answer.
    for (let i = 0; i < 50; i++) {
      await outside.query("BEGIN");
      await outside.query("INSERT INTO cache_item (name) VALUES ($1)", [`f${i}`]);
      await outside.query("SELECT pg_notify($1, 'another-instance')", [CHANNEL]);
      await outside.query("COMMIT");
      expect(await loaded()).toContain(`f${i}`);
    }
    await outside.query("DELETE FROM cache_item WHERE name LIKE 'f%'");
    forgetReads();
  });

  it("keeps nothing longer than 2 s, nor while the link to the others is down", async () => {
    expect(await names()).toEqual(["a", "b"]);
    await outside.query("INSERT INTO cache_item (name) VALUES ('d')");
    expect(await names()).toEqual(["a", "b"]);
    await until(async () => (await names()).includes("d"), 4_000);

    await outside.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      ["tour-booking read cache"],
    );
    await until(() => !keepingReads());
    expect(await names()).toEqual(["a", "b", "d"]);
    await outside.query("INSERT INTO cache_item (name) VALUES ('e')");
    expect(await names()).toEqual(["a", "b", "d", "e"]);
    // Linked again within a moment.
    await until(keepingReads);
  });
});
