import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";

describe("configuration", () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), "tb-env-"));

  it("has working defaults and keeps a generated session secret", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir });
    expect(first.PORT).toBe(3000);
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.SESSION_SECRETS[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRETS).toEqual(first.SESSION_SECRETS);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgresql/);
  });

  it("requires SESSION_SECRET in production with a server database", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app", DATA_DIR: dataDir() })).toThrow(
      /SESSION_SECRET/,
    );
    expect(
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app", SESSION_SECRET: "a,b" }).SESSION_SECRETS,
    ).toEqual(["a", "b"]);
  });
});
