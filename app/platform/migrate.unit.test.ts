import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations, pendingMigrations, readMigrations, type MigrationConnection } from "~/platform/migrate.server";

function connection(pglite: PGlite): MigrationConnection {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await pglite.query<Row>(sql, params)).rows,
    exec: async (sql) => void (await pglite.exec(sql)),
  };
}

describe("migration runner", () => {
  const migrations = readMigrations(resolve("prisma/migrations"));

  it("applies every migration once and records it the way Prisma does", async () => {
    const pglite = new PGlite();
    const db = connection(pglite);
    expect(await applyMigrations(db, migrations)).toEqual(migrations.map((migration) => migration.name));
    expect(await applyMigrations(db, migrations)).toEqual([]);
    expect(await pendingMigrations(db, migrations)).toEqual([]);
    const rows = await db.query<{ migration_name: string; checksum: string; applied_steps_count: number }>(
      `SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations"`,
    );
    expect(rows).toEqual(
      migrations.map((migration) => ({ migration_name: migration.name, checksum: migration.checksum, applied_steps_count: 1 })),
    );
    await pglite.close();
  });

  it("rolls back a failing migration with its bookkeeping row", async () => {
    const pglite = new PGlite();
    const db = connection(pglite);
    const broken = [
      ...migrations,
      { name: "99999999999999_broken", sql: 'CREATE TABLE "Ok" (id int); SELECT * FROM nowhere;', checksum: "x" },
    ];
    await expect(applyMigrations(db, broken)).rejects.toThrow(/99999999999999_broken failed/);
    expect(await pendingMigrations(db, broken)).toEqual(["99999999999999_broken"]);
    const table = await db.query(`SELECT to_regclass('"Ok"') AS name`);
    expect(table).toEqual([{ name: null }]);
    await pglite.close();
  });
});
