// Two production servers on one PostgreSQL database and one S3-compatible bucket (a local s3rver
// started here, tests/support/s3-server.ts): a photo uploaded through one instance is served by
// the other under the same URL and headers; while the store is down both keep serving pages and
// answer 503 for photos and uploads; `node scripts/photos-to-s3.mjs` copies an existing
// UPLOAD_DIR into the bucket once.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../support/s3-server";
import { createDatabase, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { logIn, type Client } from "./support/client";

let s3: S3Server;
let database: TestDatabase;
let a: AppProcess;
let b: AppProcess;
let adminOnA: Client;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "shared-photos" });
  database = await createDatabase("photos");
  // One at a time: the first migrates and seeds the new database.
  a = await startApp(database.url, s3.env);
  b = await startApp(database.url, s3.env);
  adminOnA = await logIn(a.origin, TEST_ADMIN.email, TEST_ADMIN.password);
});

afterAll(async () => {
  expect(await Promise.all([a?.stop(), b?.stop()])).toEqual([0, 0]);
  await database?.drop();
  await s3?.remove();
});

const picture = (width: number, height: number, red: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

function uploadOnA(bytes: Buffer) {
  return adminOnA.request("/api/photos", {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { "Content-Type": "image/jpeg" },
  });
}

/** Add A Product without JavaScript: a multipart form with its length (the server refuses chunked forms). */
async function addProductOnA(fields: Record<string, string>, photo: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("imageFile", new File([new Uint8Array(photo)], "trip.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  return adminOnA.request("/dashboard/addProduct", {
    method: "POST",
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
  });
}

describe("two instances sharing one bucket", () => {
  it("serves through one instance the photo uploaded through the other, with the same URL and headers", async () => {
    for (const app of [a, b]) expect(app.output()).toContain(`"photos":"s3://shared-photos at ${s3.endpoint}"`);
    const upload = await uploadOnA(await picture(1500, 900, 30));
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    expect(url).toMatch(/^\/photos\/[0-9a-f]{32}\/960\.webp$/);

    const onB = await fetch(b.origin + url);
    expect(onB.status).toBe(200);
    expect(onB.headers.get("Content-Type")).toBe("image/webp");
    expect(onB.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(onB.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await onB.arrayBuffer());
    expect(onB.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect((await sharp(bytes).metadata()).width).toBe(960);
    const onA = Buffer.from(await (await fetch(a.origin + url)).arrayBuffer());
    expect(onA.equals(bytes)).toBe(true);

    // A package added on A with an uploaded photo shows it on B's page.
    const added = await addProductOnA(
      { title: "Shared Bucket Trip", cost: "320", image: "", description: "Added on one instance." },
      await picture(1000, 700, 60),
    );
    expect(added.status).toBe(200);
    await added.text();
    const packages = (await (await fetch(`${b.origin}/api/services`)).json()) as { title: string; image: string }[];
    const image = packages.find((item) => item.title === "Shared Bucket Trip")?.image ?? "";
    expect(image).toMatch(/^\/photos\/[0-9a-f]{32}\/960\.webp$/);
    expect((await fetch(b.origin + image)).status).toBe(200);
  });

  it("keeps both instances up while the store is down: pages render, photos and uploads answer 503", async () => {
    const upload = await uploadOnA(await picture(800, 600, 90));
    const { url } = (await upload.json()) as { url: string };
    await s3.stop();
    try {
      for (const [app, path] of [
        [a, "/"],
        [b, "/services"],
        [b, "/"],
      ] as const) {
        const page = await fetch(app.origin + path);
        expect(page.status, `${app.origin}${path}`).toBe(200);
        await page.text();
      }
      const photo = await fetch(b.origin + url);
      expect(photo.status).toBe(503);
      expect(photo.headers.get("Cache-Control")).toBe("no-store");
      expect(await photo.text()).toBe("The photo cannot be read just now. Please try again in a moment.");

      const refused = await uploadOnA(await picture(810, 600, 91));
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: "Photos cannot be stored just now. Please try again in a few minutes." });
      const form = await addProductOnA(
        { title: "Trip While Down", cost: "100", image: "", description: "Typed while the store was down." },
        await picture(820, 600, 92),
      );
      expect(form.status).toBe(503);
      const html = await form.text();
      expect(html).toContain("Photos cannot be stored just now. Please try again in a few minutes.");
      expect(html).toContain("Typed while the store was down.");
    } finally {
      await s3.start();
    }
    expect((await fetch(b.origin + url)).status).toBe(200);
    expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
  });

  it("copies an existing UPLOAD_DIR into the bucket once (npm run photos:to-s3)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tb-photos-to-s3-"));
    try {
      const uploadDir = join(dataDir, "uploads");
      const id = "c0ffee".padEnd(32, "0");
      mkdirSync(join(uploadDir, id), { recursive: true });
      const original = await picture(1400, 900, 150);
      writeFileSync(join(uploadDir, id, "original"), original);
      for (const width of [320, 640, 960, 1280]) {
        writeFileSync(join(uploadDir, id, `${width}.webp`), await sharp(original).resize({ width }).webp().toBuffer());
      }
      const env = { DATA_DIR: dataDir, UPLOAD_DIR: uploadDir, SESSION_SECRET: "copy-secret", ...s3.env };
      expect(await runCopy(env)).toMatchObject({
        code: 0,
        summary: expect.stringMatching(/^photos:to-s3: 5 copied, 0 already in the bucket \(/),
      });
      expect(await runCopy(env)).toMatchObject({
        code: 0,
        summary: expect.stringMatching(/^photos:to-s3: 0 copied, 5 already in the bucket \(/),
      });
      const served = await fetch(`${b.origin}/photos/${id}/640.webp`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);

      // Without the bucket's settings it says what to set, and fails.
      const failed = await runCopy({ ...env, S3_ENDPOINT: "" });
      expect(failed.code).toBe(1);
      expect(failed.output).toContain("S3_ENDPOINT: required");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Runs the copy as an operator would; its last line is the summary. */
function runCopy(env: Record<string, string>): Promise<{ code: number | null; summary: string; output: string }> {
  const child = spawn(process.execPath, ["scripts/photos-to-s3.mjs"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((done) =>
    child.once("exit", (code) => done({ code, output, summary: output.trim().split("\n").pop() ?? "" })),
  );
}
