// Package photos in the browser, JavaScript on and off: an administrator uploads a photo on Add
// Product and the new package's card shows it in WebP sizes; a package whose picture URL is
// broken shows the placeholder instead of the browser's broken-image box.
import { deflateSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { open } from "./helpers";

/** A small real PNG (solid colour), made without any image library. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function addPackage(
  page: Page,
  javaScriptEnabled: boolean,
  { title, image, file }: { title: string; image?: string; file?: { name: string; mimeType: string; buffer: Buffer } },
) {
  await open(page, "/dashboard/addProduct", javaScriptEnabled);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Cost ($ per person)").fill("9000");
  if (image) await page.getByLabel("Image URL", { exact: true }).fill(image);
  if (file) await page.getByLabel("Or upload a photo").setInputFiles(file);
  await page.getByLabel("Description").fill("Two days at the sea, with a photo of our own.");
  await page.getByRole("button", { name: "Add Product" }).click();
}

test("an admin uploads a photo on Add Product and the new card shows it", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn("admin");
  const mode = javaScriptEnabled ? "js" : "nojs";
  const title = `Kuakata Photo ${mode} ${Date.now()}`;

  // A text file named .jpg is refused in the form, the typed values kept.
  await addPackage(page, javaScriptEnabled, {
    title,
    file: { name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") },
  });
  await expect(page.getByText("The file is not a JPEG, PNG or WebP photo.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  // Each run its own colour: a photo of its own.
  const colour: [number, number, number] = [javaScriptEnabled ? 200 : 40, Date.now() % 200, 90];
  await addPackage(page, javaScriptEnabled, {
    title,
    file: { name: "kuakata.png", mimeType: "image/png", buffer: png(800, 500, colour) },
  });
  await expect(page.getByText("Added Tour Place Successfully!")).toBeVisible();

  await open(page, `/services?q=${encodeURIComponent(title)}`, javaScriptEnabled);
  const picture = page.getByRole("img", { name: title });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveAttribute("srcset", /\/photos\/[0-9a-f]{32}\/320\.webp 320w, .*1280\.webp 1280w/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const src = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  const served = await page.request.get(src);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("a package whose picture is broken shows the placeholder", async ({ page, javaScriptEnabled, signIn }) => {
  await signIn("admin");
  const title = `Broken Picture ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await addPackage(page, javaScriptEnabled, { title, image: "/images/tours/no-such-picture.jpg" });
  await expect(page.getByText("Added Tour Place Successfully!")).toBeVisible();

  await open(page, `/services?q=${encodeURIComponent(title)}`, javaScriptEnabled);
  const picture = page.getByRole("img", { name: title });
  await picture.scrollIntoViewIfNeeded();
  if (javaScriptEnabled) {
    // The local placeholder picture replaces the broken one.
    await expect(picture).toHaveAttribute("src", "/images/package-placeholder.svg");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  } else {
    // The img's ::after (drawn only for a failed image) covers it with the initials.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    const after = await picture.evaluate((img) => {
      const style = getComputedStyle(img, "::after");
      return { content: style.content, position: style.position, image: style.backgroundImage };
    });
    expect(after).toEqual({ content: '"BP"', position: "absolute", image: expect.stringContaining("linear-gradient") });
  }
  // The box keeps the picture's shape: no collapsed or blank strip in the card.
  const box = await picture.boundingBox();
  expect(box!.height / box!.width).toBeCloseTo(420 / 640, 1);
});
