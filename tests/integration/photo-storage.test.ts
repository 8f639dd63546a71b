// Photos kept in an S3-compatible bucket (S3_*: a local s3rver the test starts): uploads through
// the API and the forms land in the bucket, /photos/… streams them back with the same URLs and
// headers, a missing bucket or a store that is down answers 503 (never a crash), and
// `npm run photos:to-s3`'s copy of UPLOAD_DIR into the bucket is idempotent.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DeleteObjectCommand, GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_WIDTHS, uploadedPhotoId } from "~/catalogue/photos";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { copyUploadsToBucket } from "~/platform/object-storage.server";
import * as apiPhotos from "~/routes/api.photos";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as profilePage from "~/routes/dashboard.profile";
import * as photos from "~/routes/photos.$id.$file";
import { createUser, signIn } from "../support/auth";
import { callRoute, getRequest, ORIGIN } from "../support/requests";
import { startS3Server, type S3Server } from "../support/s3-server";

let s3: S3Server;
let bucket: S3Client;
let adminCookie: string;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "tour-photos" });
  // Read by env() at its first call (createUser below).
  Object.assign(process.env, s3.env);
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
  });
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
});

afterAll(async () => {
  for (const name of Object.keys(s3?.env ?? {})) delete process.env[name];
  bucket?.destroy();
  await s3?.remove();
});

const picture = (width: number, height: number, red = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

function uploadRequest(bytes: Buffer) {
  return new Request(`${ORIGIN}/api/photos`, {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { Cookie: adminCookie, Origin: ORIGIN, "Content-Type": "image/jpeg" },
  });
}

function multipart(path: string, fields: Record<string, string>, fileField: string, bytes: Buffer, cookie = adminCookie) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(fileField, new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: ORIGIN } });
}

function getPhoto(id: string, file: string, method = "GET") {
  return photos.loader({
    request: getRequest(`/photos/${id}/${file}`, { method }),
    params: { id, file },
    context: {},
  }) as Promise<Response>;
}

async function objectInBucket(key: string): Promise<Buffer | null> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if ((error as Error).name === "NoSuchKey") return null;
    throw error;
  }
}

const uploadsOnDisk = () => (existsSync(env().UPLOAD_DIR) ? readdirSync(env().UPLOAD_DIR) : []);

describe("photos in an S3 bucket", () => {
  it("stores an upload in the bucket (not on this instance's disk) and serves every size with the usual headers", async () => {
    const answer = await callRoute(apiPhotos.action, uploadRequest(await picture(1600, 1000)));
    expect(answer.status).toBe(201);
    const id = uploadedPhotoId(answer.data.url)!;
    expect(answer.data.url).toBe(`/photos/${id}/960.webp`);
    expect(await objectInBucket(`${id}/original`)).not.toBeNull();
    expect(uploadsOnDisk()).toEqual([]);
    for (const width of PHOTO_WIDTHS) {
      const response = await getPhoto(id, `${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect(bytes.equals((await objectInBucket(`${id}/${width}.webp`))!)).toBe(true);
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
    // HEAD: the headers without the body.
    const head = await getPhoto(id, "640.webp", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    // A size missing from the bucket is made again from the original, and kept.
    await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${id}/320.webp` }));
    const remade = await getPhoto(id, "320.webp");
    expect(remade.status).toBe(200);
    expect((await sharp(Buffer.from(await remade.arrayBuffer())).metadata()).width).toBe(320);
    expect(await objectInBucket(`${id}/320.webp`)).not.toBeNull();
    // The original is never served; unknown photos are 404.
    expect((await getPhoto(id, "original")).status).toBe(404);
    expect((await getPhoto("0".repeat(32), "640.webp")).status).toBe(404);
  });

  it("keeps a photo of Add A Product (multipart, without JavaScript) in the bucket", async () => {
    const fields = { title: "Bucket Trip", cost: "250", image: "", description: "Photos in a bucket." };
    const answer = await callRoute(
      addProduct.action,
      multipart("/dashboard/addProduct", fields, "imageFile", await picture(900, 600)),
    );
    expect(answer.data.added).toBe(true);
    const created = await (await db()).service.findFirstOrThrow({ where: { title: "Bucket Trip" } });
    const id = uploadedPhotoId(created.image)!;
    expect(await objectInBucket(`${id}/960.webp`)).not.toBeNull();
  });

  it("keeps a profile photo (the avatar) in the bucket and shows it from there", async () => {
    const customer = await createUser();
    const answer = await callRoute(
      profilePage.action,
      multipart(
        "/dashboard/profile",
        { intent: "profile", displayName: "Nila" },
        "photoFile",
        await picture(300, 300, 200),
        await signIn(customer.id),
      ),
    );
    expect(answer.status).toBe(200);
    const { photoUrl } = await (await db()).user.findUniqueOrThrow({ where: { id: customer.id }, select: { photoUrl: true } });
    const id = uploadedPhotoId(photoUrl ?? "")!;
    expect(id).not.toBeNull();
    const file = photoUrl!.split("/").pop()!;
    const served = await getPhoto(id, file);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals((await objectInBucket(`${id}/${file}`))!)).toBe(true);
    expect(uploadsOnDisk()).toEqual([]);
  });
});

describe("a bucket that fails", () => {
  async function expectRefusedWith503() {
    const before = await (await db()).service.count();
    const api = await callRoute(apiPhotos.action, uploadRequest(await picture(700, 500, 99)));
    expect(api.status).toBe(503);
    expect(api.data).toEqual({ error: "Photos cannot be stored just now. Please try again in a few minutes." });
    expect(api.headers.get("Retry-After")).toBe("30");

    const fields = { title: "No Bucket Trip", cost: "300", image: "", description: "Kept as typed." };
    const form = await callRoute(
      addProduct.action,
      multipart("/dashboard/addProduct", fields, "imageFile", await picture(710, 500)),
    );
    expect(form.status).toBe(503);
    expect(form.data.result.error).toEqual({
      imageFile: ["Photos cannot be stored just now. Please try again in a few minutes."],
    });
    expect(form.data.result.initialValue).toMatchObject({ title: "No Bucket Trip", cost: "300" });
    expect(await (await db()).service.count()).toBe(before);

    const customer = await createUser();
    const profile = await callRoute(
      profilePage.action,
      multipart(
        "/dashboard/profile",
        { intent: "profile", displayName: "Nila" },
        "photoFile",
        await picture(300, 300),
        await signIn(customer.id),
      ),
    );
    expect(profile.status).toBe(503);
    expect(profile.data.result.error.photoFile).toEqual(["Photos cannot be stored just now. Please try again in a few minutes."]);
  }

  it("answers 503 on upload and on reading while the bucket is missing, and works again once it is back", async () => {
    const stored = await callRoute(apiPhotos.action, uploadRequest(await picture(640, 400, 10)));
    const id = uploadedPhotoId(stored.data.url)!;
    s3.dropBucket();
    try {
      await expectRefusedWith503();
      const photo = await getPhoto(id, "640.webp");
      expect(photo.status).toBe(503);
      expect(photo.headers.get("Cache-Control")).toBe("no-store");
      expect(await photo.text()).toBe("The photo cannot be read just now. Please try again in a moment.");
    } finally {
      await s3.stop();
      await s3.start();
    }
    const again = await callRoute(apiPhotos.action, uploadRequest(await picture(640, 400, 10)));
    expect(again.status).toBe(201);
    expect((await getPhoto(id, "640.webp")).status).toBe(200);
  });

  it("answers 503 while the store does not answer at all", async () => {
    const stored = await callRoute(apiPhotos.action, uploadRequest(await picture(650, 400, 20)));
    const id = uploadedPhotoId(stored.data.url)!;
    await s3.stop();
    try {
      await expectRefusedWith503();
      expect((await getPhoto(id, "640.webp")).status).toBe(503);
    } finally {
      await s3.start();
    }
    expect((await getPhoto(id, "640.webp")).status).toBe(200);
  });
});

describe("copying UPLOAD_DIR into the bucket (npm run photos:to-s3)", () => {
  it("copies every photo file once, keeps the keys, and copies nothing the second time", async () => {
    // Photos stored on disk before the move: two of them, in the layout photos.server.ts writes.
    const ids = ["a".repeat(32), "b".repeat(32)];
    for (const [index, id] of ids.entries()) {
      mkdirSync(join(env().UPLOAD_DIR, id), { recursive: true });
      const original = await picture(1300, 800, 100 + index);
      writeFileSync(join(env().UPLOAD_DIR, id, "original"), original);
      for (const width of PHOTO_WIDTHS) {
        writeFileSync(join(env().UPLOAD_DIR, id, `${width}.webp`), await sharp(original).resize({ width }).webp().toBuffer());
      }
    }
    // An unfinished write is not a photo.
    writeFileSync(join(env().UPLOAD_DIR, ids[0], "640.webp.0b1e.tmp"), "partial");
    const files = ids.length * (PHOTO_WIDTHS.length + 1);

    expect(await copyUploadsToBucket()).toEqual({ copied: files, present: 0 });
    expect(await objectInBucket(`${ids[0]}/640.webp.0b1e.tmp`)).toBeNull();
    const served = await getPhoto(ids[1], "1280.webp");
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1280);

    expect(await copyUploadsToBucket()).toEqual({ copied: 0, present: files });
    // A file that differs from the bucket's copy (a half-copied one) is sent again.
    writeFileSync(
      join(env().UPLOAD_DIR, ids[0], "320.webp"),
      await sharp(await picture(400, 300))
        .webp()
        .toBuffer(),
    );
    expect(await copyUploadsToBucket()).toEqual({ copied: 1, present: files - 1 });
  });
});
