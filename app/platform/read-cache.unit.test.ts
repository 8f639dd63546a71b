// A PGlite of its own, in memory: the read cache is about this process's PGlite, not the test database.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedRead, cachedReads, watchWrites } from "~/platform/read-cache.server";

let pglite: PGlite;
let loads = 0;
const readCount = () =>
  cachedRead("count", async () => {
    loads += 1;
    return (await pglite.query<{ n: number }>("SELECT count(*)::int AS n FROM item")).rows[0].n;
  });

beforeAll(async () => {
  pglite = new PGlite();
  watchWrites(pglite);
  await pglite.exec("CREATE TABLE item (id serial PRIMARY KEY, name text)");
});

afterAll(async () => {
  await pglite.close();
});

describe("reads kept until the next write (embedded database)", () => {
  it("keeps a read, and any write, transaction or script drops it", async () => {
    loads = 0;
    expect(await readCount()).toBe(0);
    expect(await readCount()).toBe(0);
    expect(loads).toBe(1);

    await pglite.query("INSERT INTO item (name) VALUES ($1)", ["a"]);
    expect(await readCount()).toBe(1);
    expect(loads).toBe(2);

    await pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO item (name) VALUES ('b')");
    });
    expect(await readCount()).toBe(2);
    await pglite.exec("DELETE FROM item WHERE name = 'b'");
    expect(await readCount()).toBe(1);
    expect(loads).toBe(4);
  });

  it("does not keep a read that overlapped a write", async () => {
    loads = 0;
    await pglite.query("UPDATE item SET name = 'c'");
    const [during] = await Promise.all([
      (async () => {
        const write = pglite.query("INSERT INTO item (name) VALUES ('d')");
        const read = readCount();
        await write;
        return read;
      })(),
    ]);
    expect(typeof during).toBe("number");
    expect(await readCount()).toBe(2);
    expect(await readCount()).toBe(2);
    expect(loads).toBe(2);
  });

  it("keeps at most 1000 reads", async () => {
    for (let i = 0; i < 1100; i++) await cachedRead(`key-${i}`, async () => i);
    expect(cachedReads()).toBe(1000);
    let again = 0;
    await cachedRead("key-0", async () => ++again);
    expect(again).toBe(1);
  });

  it("keeps every plain SELECT by its text and parameters until the next write, each caller with rows of its own", async () => {
    const statement = "SELECT name FROM item WHERE name = $1";
    await pglite.query("INSERT INTO item (name) VALUES ('kept')");
    const first = await pglite.query<{ name: string }>(statement, ["kept"]);
    expect(first.rows).toEqual([{ name: "kept" }]);
    first.rows[0].name = "changed by a caller";
    const again = await pglite.query<{ name: string }>(statement, ["kept"]);
    expect(again.rows).toEqual([{ name: "kept" }]);
    expect(cachedReads()).toBeGreaterThan(0);
    // Other parameters, another row mode: other entries.
    expect((await pglite.query(statement, ["other"])).rows).toEqual([]);
    expect((await pglite.query(statement, ["kept"], { rowMode: "array" })).rows).toEqual([["kept"]]);
    await pglite.query("UPDATE item SET name = 'renamed' WHERE name = 'kept'");
    expect((await pglite.query(statement, ["kept"])).rows).toEqual([]);
    expect((await pglite.query(statement, ["renamed"])).rows).toEqual([{ name: "renamed" }]);
  });

  it("never keeps a SELECT that depends on the clock or a sequence, nor a large answer", async () => {
    const first = (await pglite.query<{ t: string }>("SELECT clock_timestamp()::text AS t")).rows[0].t;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await pglite.query<{ t: string }>("SELECT clock_timestamp()::text AS t")).rows[0].t).not.toBe(first);
    await pglite.exec("CREATE SEQUENCE counter");
    const next = async () => (await pglite.query<{ n: number }>("SELECT nextval('counter')::int AS n")).rows[0].n;
    expect([await next(), await next()]).toEqual([1, 2]);
    await pglite.query("INSERT INTO item (name) SELECT 'many' FROM generate_series(1, 250)");
    const before = cachedReads();
    await pglite.query("SELECT id FROM item WHERE name = 'many'");
    expect(cachedReads()).toBe(before);
  });

  it("keeps its reads over a write to the rate-limit counters alone, and never keeps a read of them", async () => {
    await pglite.exec(`CREATE TABLE "RateLimit" ("key" text PRIMARY KEY, "count" int, "windowStart" timestamp)`);
    loads = 0;
    await readCount();
    const hit = () =>
      pglite.query(
        `WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true))
         INSERT INTO "RateLimit" ("key", "count", "windowStart") SELECT $1, 1, now() FROM async_commit
         ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimit"."count" + 1 RETURNING "count"`,
        ["login:someone"],
      );
    expect((await hit()).rows).toEqual([{ count: 1 }]);
    await pglite.query(`UPDATE "public"."RateLimit" SET "count" = "count" - 1 WHERE "key" = $1`, ["login:someone"]);
    await readCount();
    expect(loads).toBe(1);
    const counted = async () => (await pglite.query<{ count: number }>(`SELECT "count" FROM "RateLimit"`)).rows[0].count;
    expect(await counted()).toBe(0);
    await hit();
    expect(await counted()).toBe(1);
    // A statement that writes another table as well drops everything, as before.
    await pglite.query(`WITH moved AS (INSERT INTO item (name) VALUES ('x') RETURNING id) UPDATE "RateLimit" SET "count" = 0`);
    await readCount();
    expect(loads).toBe(2);
  });
});
