import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/platform/env.server";

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

  it("reads the operator's settings: LOG_LEVEL (info), METRICS_TOKEN (none, else 16 characters at least), OUTBOX_RETENTION_DAYS (30)", () => {
    const dir = dataDir();
    const defaults = parseEnv({ DATA_DIR: dir });
    expect(defaults).toMatchObject({ LOG_LEVEL: "info", OUTBOX_RETENTION_DAYS: 30 });
    expect(defaults.METRICS_TOKEN).toBeUndefined();
    expect(
      parseEnv({ DATA_DIR: dir, LOG_LEVEL: "debug", METRICS_TOKEN: "a-long-enough-token", OUTBOX_RETENTION_DAYS: "7" }),
    ).toMatchObject({ LOG_LEVEL: "debug", METRICS_TOKEN: "a-long-enough-token", OUTBOX_RETENTION_DAYS: 7 });
    expect(() => parseEnv({ DATA_DIR: dir, LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
    expect(() => parseEnv({ DATA_DIR: dir, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => parseEnv({ DATA_DIR: dir, OUTBOX_RETENTION_DAYS: "0" })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });

  it("reads the travellers' cutoff and the ID numbers' retention, 48 hours and 30 days unless set", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir })).toMatchObject({ TRAVELLERS_CUTOFF_HOURS: 48, ID_NUMBER_RETENTION_DAYS: 30 });
    expect(parseEnv({ DATA_DIR: dir, TRAVELLERS_CUTOFF_HOURS: "0", ID_NUMBER_RETENTION_DAYS: "7" })).toMatchObject({
      TRAVELLERS_CUTOFF_HOURS: 0,
      ID_NUMBER_RETENTION_DAYS: 7,
    });
    expect(() => parseEnv({ DATA_DIR: dir, TRAVELLERS_CUTOFF_HOURS: "-1" })).toThrow(/TRAVELLERS_CUTOFF_HOURS/);
    expect(() => parseEnv({ DATA_DIR: dir, ID_NUMBER_RETENTION_DAYS: "0" })).toThrow(/ID_NUMBER_RETENTION_DAYS/);
  });

  it("reads the agency's address lines and its VAT registration number for the invoices", () => {
    const dir = dataDir();
    const defaults = parseEnv({ DATA_DIR: dir });
    expect(defaults.AGENCY_ADDRESS).toEqual(["Dhaka, Bangladesh"]);
    expect(defaults.AGENCY_TAX_ID).toBeUndefined();
    expect(
      parseEnv({ DATA_DIR: dir, AGENCY_ADDRESS: "House 12, Road 5; Dhaka 1205 ;; Bangladesh", AGENCY_TAX_ID: "000123456-0101" }),
    ).toMatchObject({ AGENCY_ADDRESS: ["House 12, Road 5", "Dhaka 1205", "Bangladesh"], AGENCY_TAX_ID: "000123456-0101" });
    expect(() => parseEnv({ DATA_DIR: dir, AGENCY_ADDRESS: " ; " })).toThrow(/AGENCY_ADDRESS: must not be empty/);
    expect(() => parseEnv({ DATA_DIR: dir, AGENCY_ADDRESS: "Road 1\nDhaka" })).toThrow(/AGENCY_ADDRESS: must be one line/);
    expect(() => parseEnv({ DATA_DIR: dir, AGENCY_TAX_ID: "12 34" })).toThrow(/AGENCY_TAX_ID/);
  });

  it("reads the agency's phone and WhatsApp number, each unset unless given, and names a wrong one", () => {
    const dir = dataDir();
    const defaults = parseEnv({ DATA_DIR: dir });
    expect(defaults.AGENCY_PHONE).toBeUndefined();
    expect(defaults.WHATSAPP_NUMBER).toBeUndefined();
    expect(parseEnv({ DATA_DIR: dir, AGENCY_PHONE: " +880 1711-000000 ", WHATSAPP_NUMBER: "+880 1711-000000" })).toMatchObject({
      AGENCY_PHONE: "+880 1711-000000",
      WHATSAPP_NUMBER: "8801711000000",
    });
    expect(parseEnv({ DATA_DIR: dir, AGENCY_PHONE: "", WHATSAPP_NUMBER: " " })).toMatchObject({
      AGENCY_PHONE: undefined,
      WHATSAPP_NUMBER: undefined,
    });
    expect(() => parseEnv({ DATA_DIR: dir, AGENCY_PHONE: "call us" })).toThrow(/AGENCY_PHONE: must be a phone number/);
    expect(() => parseEnv({ DATA_DIR: dir, WHATSAPP_NUMBER: "wa.me/8801711000000" })).toThrow(/WHATSAPP_NUMBER: must be/);
    // a local number (leading 0) would open a stranger's chat abroad
    expect(() => parseEnv({ DATA_DIR: dir, WHATSAPP_NUMBER: "01711000000" })).toThrow(/WHATSAPP_NUMBER: .*country code/);
  });

  it("keeps photos in UPLOAD_DIR unless every S3 variable is set, and names each one missing", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir }).S3).toBeNull();
    const bucket = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "us-east-1",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(parseEnv({ DATA_DIR: dir, ...bucket }).S3).toEqual({
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      bucket: "photos",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(parseEnv({ DATA_DIR: dir, ...bucket, S3_FORCE_PATH_STYLE: "true" }).S3?.forcePathStyle).toBe(true);
    const withoutSecret = () => parseEnv({ DATA_DIR: dir, ...bucket, S3_SECRET_ACCESS_KEY: " " });
    expect(withoutSecret).toThrow(/S3_SECRET_ACCESS_KEY: required when any of S3_ENDPOINT/);
    expect(withoutSecret).not.toThrow(/S3_BUCKET:/);
    expect(() => parseEnv({ DATA_DIR: dir, S3_BUCKET: "photos" })).toThrow(
      /S3_ENDPOINT: required[\s\S]*S3_REGION: required[\s\S]*S3_ACCESS_KEY_ID: required/,
    );
    expect(() => parseEnv({ DATA_DIR: dir, ...bucket, S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(() => parseEnv({ DATA_DIR: dir, ...bucket, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it("requires SESSION_SECRET in production with a server database", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://db/app", DATA_DIR: dataDir() })).toThrow(
      /SESSION_SECRET/,
    );
    expect(parseEnv({ ...production, SESSION_SECRET: "a,b" }).SESSION_SECRETS).toEqual(["a", "b"]);
  });

  const production = { NODE_ENV: "production", DATABASE_URL: "postgresql://db/app", PUBLIC_URL: "https://tours.example.com" };

  it("takes the public origin from PUBLIC_URL, required in production with a server database", () => {
    const withSecret = { ...production, SESSION_SECRET: "s" };
    expect(parseEnv(withSecret).PUBLIC_URL).toBe("https://tours.example.com");
    expect(parseEnv({ ...withSecret, PUBLIC_URL: "HTTP://Tours.Example.com:8080/" }).PUBLIC_URL).toBe(
      "http://tours.example.com:8080",
    );
    expect(() => parseEnv({ ...withSecret, PUBLIC_URL: "" })).toThrow(/PUBLIC_URL: required in production with DATABASE_URL/);
    for (const bad of [
      "tours.example.com",
      "ftp://tours.example.com",
      "https://tours.example.com/shop",
      "https://x.example?a=1",
      "https://u:p@x.example",
      "https://x.example#top",
      "https://",
    ]) {
      expect(() => parseEnv({ ...withSecret, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be the site's public origin/);
    }
    // A local try (no server database, or not production) is served at localhost on PORT.
    expect(parseEnv({ DATA_DIR: dataDir(), PORT: "3400" }).PUBLIC_URL).toBe("http://localhost:3400");
    expect(parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir() }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("seeds the demo by default outside production only, and refuses a guessable administrator password in production", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir })).toMatchObject({ SEED_DEMO_DATA: true, ADMIN_PASSWORD: "admin12345" });
    expect(parseEnv({ DATA_DIR: dir, SEED_DEMO_DATA: "false" })).toMatchObject({
      SEED_DEMO_DATA: false,
      ADMIN_PASSWORD: undefined,
    });
    const live = { NODE_ENV: "production", DATA_DIR: dir };
    // Unset: no demo, and no password at all (the first administrator gets a random one).
    expect(parseEnv(live)).toMatchObject({ SEED_DEMO_DATA: false, ADMIN_PASSWORD: undefined });
    expect(() => parseEnv({ ...live, ADMIN_PASSWORD: "admin12345" })).toThrow(/ADMIN_PASSWORD: is the demo's published password/);
    expect(() => parseEnv({ ...live, ADMIN_PASSWORD: "eleven-char" })).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(parseEnv({ ...live, ADMIN_PASSWORD: "twelve-chars" }).ADMIN_PASSWORD).toBe("twelve-chars");
    // The demo asked for explicitly (npm run serve, the browser tests): its documented administrator.
    expect(parseEnv({ ...live, SEED_DEMO_DATA: "true" })).toMatchObject({ SEED_DEMO_DATA: true, ADMIN_PASSWORD: "admin12345" });
    expect(parseEnv({ ...live, SEED_DEMO_DATA: "true", ADMIN_PASSWORD: "admin12345" }).ADMIN_PASSWORD).toBe("admin12345");
    expect(() => parseEnv({ ...live, SEED_DEMO_DATA: "yes" })).toThrow(/SEED_DEMO_DATA/);
  });
});
