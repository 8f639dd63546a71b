// Package photos: who may upload, what is accepted (by content, not by name), the size bound,
// the WebP sizes served, and the multipart forms of Add Product (app/catalogue/photo-upload.server.ts).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { readFormWithPhotos } from "~/catalogue/photo-upload.server";
import { PHOTO_WIDTHS, uploadedPhotoId } from "~/catalogue/photos";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import * as apiPhotos from "~/routes/api.photos";
import * as addProduct from "~/routes/dashboard.addProduct";
import * as photos from "~/routes/photos.$id.$file";
import { createUser, signIn } from "../support/auth";
import { callRoute, getRequest, ORIGIN } from "../support/requests";

// Read by env() at its first call, after this module's imports.
process.env.UPLOAD_MAX_MB = "1";

let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signIn((await createUser({ role: "ADMIN" })).id);
  customerCookie = await signIn((await createUser()).id);
});

const picture = (format: "jpeg" | "png" | "webp", width = 800, height = 500) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .toFormat(format)
    .toBuffer();

function upload(content: Buffer | FormData | string, cookie: string, contentType?: string) {
  const body = Buffer.isBuffer(content) ? new Uint8Array(content) : content;
  const headers = new Headers({ Cookie: cookie, Origin: ORIGIN });
  if (contentType) headers.set("Content-Type", contentType);
  return new Request(`${ORIGIN}/api/photos`, { method: "POST", body, headers });
}

function fileForm(field: string, bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

function multipartPost(path: string, form: FormData, cookie: string) {
  return new Request(`${ORIGIN}${path}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: ORIGIN } });
}

const stored = () => (existsSync(env().UPLOAD_DIR) ? readdirSync(env().UPLOAD_DIR) : []);

describe("POST /api/photos", () => {
  it("refuses customers and stores nothing", async () => {
    const before = stored();
    const form = fileForm("file", await picture("jpeg"), "a.jpg", "image/jpeg");
    const answer = await callRoute(apiPhotos.action, upload(form, customerCookie));
    expect(answer.status).toBe(403);
    const raw = await callRoute(apiPhotos.action, upload(await picture("png", 20, 20), customerCookie, "image/png"));
    expect(raw.status).toBe(403);
    expect(stored()).toEqual(before);
  });

  it.each(["jpeg", "png", "webp"] as const)("accepts a real %s, as a form field or as the raw body", async (format) => {
    const bytes = await picture(format, 700 + format.length, 400);
    const asForm = await callRoute(
      apiPhotos.action,
      upload(fileForm("file", bytes, `x.${format}`, `image/${format}`), adminCookie),
    );
    expect(asForm.status).toBe(201);
    expect(asForm.data.url).toMatch(/^\/photos\/[0-9a-f]{32}\/960\.webp$/);
    const asBody = await callRoute(apiPhotos.action, upload(bytes, adminCookie, `image/${format}`));
    expect(asBody.status).toBe(201);
    // Content-addressed: the same file is one photo.
    expect(asBody.data.url).toBe(asForm.data.url);
    expect(stored()).toContain(uploadedPhotoId(asForm.data.url));
  });

  it("refuses a text file named .jpg (415), whatever its declared type", async () => {
    const before = stored();
    const text = Buffer.from("this is not a photo at all\n".repeat(20));
    const asForm = await callRoute(apiPhotos.action, upload(fileForm("file", text, "holiday.jpg", "image/jpeg"), adminCookie));
    expect(asForm.status).toBe(415);
    expect(asForm.data.error).toBe("The file is not a JPEG, PNG or WebP photo.");
    expect((await callRoute(apiPhotos.action, upload(text, adminCookie, "image/jpeg"))).status).toBe(415);
    // A real picture of another format (GIF) is refused too.
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "red" } })
      .gif()
      .toBuffer();
    expect((await callRoute(apiPhotos.action, upload(gif, adminCookie, "image/jpeg"))).status).toBe(415);
    expect((await callRoute(apiPhotos.action, upload("{}", adminCookie, "application/json"))).status).toBe(415);
    expect(stored()).toEqual(before);
  });

  it("refuses a photo above UPLOAD_MAX_MB (413)", async () => {
    const before = stored();
    const large = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: "black", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(large.byteLength).toBeGreaterThan(1024 * 1024);
    const asBody = await callRoute(apiPhotos.action, upload(large, adminCookie, "image/png"));
    expect(asBody.status).toBe(413);
    expect(asBody.data.error).toBe("The photo is too large (at most 1 MB).");
    expect((await callRoute(apiPhotos.action, upload(fileForm("file", large, "big.png", "image/png"), adminCookie))).status).toBe(
      413,
    );
    expect(stored()).toEqual(before);
  });

  it("answers a malformed multipart body with 400", async () => {
    const type = "multipart/form-data; boundary=x";
    for (const body of [
      "--x\r\nContent-Disposition: nonsense\r\n\r\n1\r\n--x--",
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      "",
    ]) {
      expect((await callRoute(apiPhotos.action, upload(body, adminCookie, type))).status, body).toBe(400);
      const page = await callRoute(
        addProduct.action,
        new Request(`${ORIGIN}/dashboard/addProduct`, {
          method: "POST",
          body,
          headers: { Cookie: adminCookie, Origin: ORIGIN, "Content-Type": type },
        }),
      );
      expect(page.status, body).toBe(400);
      if (body.includes("nonsense"))
        expect(page.data.result.error.imageFile).toEqual(["The form could not be read. Please send it again."]);
    }
  });

  it("asks for the file field when a form has none", async () => {
    const form = new FormData();
    form.append("photo", "x");
    const answer = await callRoute(apiPhotos.action, upload(form, adminCookie));
    expect(answer.status).toBe(400);
  });
});

describe("GET /photos/{id}/{width}.webp", () => {
  it("serves every width as WebP of that width, cached for a year; unknown ids and widths are 404", async () => {
    const answer = await callRoute(apiPhotos.action, upload(await picture("jpeg", 1600, 1000), adminCookie, "image/jpeg"));
    const id = uploadedPhotoId(answer.data.url)!;
    for (const width of PHOTO_WIDTHS) {
      const response = (await photos.loader({
        request: getRequest(`/photos/${id}/${width}.webp`),
        params: { id, file: `${width}.webp` },
        context: {},
      })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.width).toBe(width);
    }
    // The original is never served, and a missing size is made again from it.
    const variants = join(env().UPLOAD_DIR, id);
    expect(readdirSync(variants).sort()).toEqual(["1280.webp", "320.webp", "640.webp", "960.webp", "original"]);
    const get = (params: { id: string; file: string }) =>
      photos.loader({ request: getRequest(`/photos/${params.id}/${params.file}`), params, context: {} }) as Promise<Response>;
    for (const params of [
      { id, file: "original" },
      { id, file: "500.webp" },
      { id, file: "640.jpg" },
      { id: "0".repeat(32), file: "640.webp" },
      { id: "../../etc", file: "640.webp" },
    ]) {
      expect((await get(params)).status).toBe(404);
    }
    // A damaged original with its sizes gone: 404, not an error.
    const damaged = "d".repeat(32);
    mkdirSync(join(env().UPLOAD_DIR, damaged));
    writeFileSync(join(env().UPLOAD_DIR, damaged, "original"), "not a picture any more");
    expect((await get({ id: damaged, file: "640.webp" })).status).toBe(404);
  });
});

describe("readFormWithPhotos", () => {
  it("stores the imageFile and galleryFiles of a multipart form and gives their URLs as fields", async () => {
    const form = fileForm("imageFile", await picture("png", 640, 480), "main.png", "image/png", {
      title: "Kuakata",
      gallery: "/images/tours/coxs-bazar.svg",
    });
    form.append("galleryFiles", new File([new Uint8Array(await picture("webp", 500, 300))], "one.webp", { type: "image/webp" }));
    form.append("galleryFiles", new File([new Uint8Array(await picture("jpeg", 510, 300))], "two.jpg", { type: "image/jpeg" }));
    form.append("description", "After the files");
    const { formData, errors } = await readFormWithPhotos(multipartPost("/dashboard/addProduct", form, adminCookie));
    expect(errors).toEqual({});
    expect(formData.get("title")).toBe("Kuakata");
    expect(formData.get("description")).toBe("After the files");
    expect(uploadedPhotoId(String(formData.get("image")))).not.toBeNull();
    const gallery = String(formData.get("gallery")).split("\n");
    expect(gallery).toHaveLength(3);
    expect(gallery[0]).toBe("/images/tours/coxs-bazar.svg");
    expect(gallery.slice(1).every((url) => uploadedPhotoId(url) !== null)).toBe(true);
    expect(formData.has("imageFile")).toBe(false);
  });

  it("keeps every field and names the refused file", async () => {
    const form = fileForm("imageFile", Buffer.from("not a photo"), "fake.jpg", "image/jpeg", { title: "Kept", image: "" });
    form.append("description", "Also kept");
    const { formData, errors } = await readFormWithPhotos(multipartPost("/dashboard/addProduct", form, adminCookie));
    expect(errors).toEqual({ imageFile: ["The file is not a JPEG, PNG or WebP photo."] });
    expect(formData.get("title")).toBe("Kept");
    expect(formData.get("description")).toBe("Also kept");
    expect(formData.get("image")).toBe("");
  });

  it("leaves a URL-encoded form as it is", async () => {
    const request = new Request(`${ORIGIN}/dashboard/addProduct`, {
      method: "POST",
      body: new URLSearchParams({ title: "Plain", image: "/images/x.svg" }),
    });
    const { formData, errors } = await readFormWithPhotos(request);
    expect(errors).toEqual({});
    expect([...formData.entries()]).toEqual([
      ["title", "Plain"],
      ["image", "/images/x.svg"],
    ]);
  });
});

describe("Add A Product with a photo", () => {
  const fields = { title: "Kuakata Photo Trip", cost: "300", image: "", description: "Sunrise and sunset." };

  it("creates the package with the uploaded photo as its image", async () => {
    const prisma = await db();
    const form = fileForm("imageFile", await picture("jpeg", 900, 600), "kuakata.jpg", "image/jpeg", fields);
    const answer = await callRoute(addProduct.action, multipartPost("/dashboard/addProduct", form, adminCookie));
    expect(answer.data.added).toBe(true);
    const created = await prisma.service.findFirstOrThrow({ where: { title: fields.title } });
    expect(uploadedPhotoId(created.image)).not.toBeNull();
  });

  it("refuses customers before reading the body: nothing stored", async () => {
    const before = stored();
    const form = fileForm("imageFile", await picture("jpeg", 333, 222), "c.jpg", "image/jpeg", {
      ...fields,
      title: "Customer's",
    });
    const answer = await callRoute(addProduct.action, multipartPost("/dashboard/addProduct", form, customerCookie));
    expect(answer.status).toBe(403);
    expect(stored()).toEqual(before);
  });

  it("shows the refused file's error with the typed values kept, and adds nothing", async () => {
    const prisma = await db();
    const form = fileForm("imageFile", Buffer.from("plain text"), "fake.jpg", "image/jpeg", {
      ...fields,
      title: "Refused Photo",
    });
    const answer = await callRoute(addProduct.action, multipartPost("/dashboard/addProduct", form, adminCookie));
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({ imageFile: ["The file is not a JPEG, PNG or WebP photo."] });
    expect(answer.data.result.initialValue).toMatchObject({
      title: "Refused Photo",
      cost: "300",
      description: "Sunrise and sunset.",
    });
    expect(await prisma.service.count({ where: { title: "Refused Photo" } })).toBe(0);
  });

  it("asks for a URL or a photo when neither is given, and refuses U+0000 in a multipart field", async () => {
    const empty = new FormData();
    for (const [key, value] of Object.entries({ ...fields, title: "No Image" })) empty.append(key, value);
    const missing = await callRoute(addProduct.action, multipartPost("/dashboard/addProduct", empty, adminCookie));
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.image).toEqual(["Please enter the image URL or upload a photo."]);
    const nul = new FormData();
    for (const [key, value] of Object.entries({ ...fields, image: "/images/x.svg", title: "Bad\u0000Title" }))
      nul.append(key, value);
    const refused = await callRoute(addProduct.action, multipartPost("/dashboard/addProduct", nul, adminCookie));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.title[0]).toMatch(/U\+0000|not allowed|character/i);
  });
});
