// Applies pending migrations from prisma/migrations at start-up, the way `prisma migrate deploy`
// does: Prisma's own bookkeeping table and advisory lock, each migration and its row in one
// transaction. Prisma's native engine cannot be installed on our machines
// (docs/decisions/0004-migrations-at-start-up.md).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The little a migration needs from a connection: one session, simple-protocol multi-statement SQL. */
export interface MigrationConnection {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

const PRISMA_ADVISORY_LOCK_KEY = 72707369;

const CREATE_BOOKKEEPING_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(migrationsDir: string): MigrationFile[] {
  if (!existsSync(migrationsDir)) throw new Error(`No migrations folder at ${migrationsDir}`);
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(migrationsDir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names of the migrations it applied. */
export async function applyMigrations(db: MigrationConnection, migrations: MigrationFile[]): Promise<string[]> {
  await db.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})`);
  try {
    await db.exec(CREATE_BOOKKEEPING_TABLE);
    const rows = await db.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new Error(
        `Migration ${failed.migration_name} failed earlier and was not resolved; fix the database, then mark it rolled back.`,
      );
    }
    const applied = new Set(rows.filter((row) => row.finished_at !== null).map((row) => row.migration_name));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await db.exec("BEGIN");
      try {
        await db.exec(migration.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await db.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK_KEY})`);
  }
}

/** The latest migration of the folder that the database has not applied, if any (for /readyz). */
export async function pendingMigrations(db: MigrationConnection, migrations: MigrationFile[]): Promise<string[]> {
  const rows = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(rows.map((row) => row.migration_name));
  return migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
}
