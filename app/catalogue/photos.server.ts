// Uploaded package photos on disk (UPLOAD_DIR, README Configuration): one directory per photo,
// named by the original's content hash, holding the original (kept to resize again, never served)
// and its WebP sizes. The type is read from the file's content by sharp, never from its name.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { PHOTO_WIDTHS, isPhotoId, isPhotoWidth, photoUrl } from "~/catalogue/photos";
import { env } from "~/platform/env.server";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** Larger pictures than any camera's are refused before decoding (a small file can claim huge dimensions). */
const MAX_PIXELS = 100_000_000;

sharp.cache(false);

export type StoredPhoto = { ok: true; id: string; url: string } | { ok: false; status: 413 | 415; message: string };

export function maxPhotoBytes(): number {
  return Math.round(env().UPLOAD_MAX_MB * 1024 * 1024);
}

export function tooLargeMessage(): string {
  return `The photo is too large (at most ${env().UPLOAD_MAX_MB} MB).`;
}

const NOT_A_PHOTO = "The file is not a JPEG, PNG or WebP photo.";

/** Stores a photo (JPEG, PNG or WebP by its content) and its WebP sizes; the same file twice is stored once. */
export async function storePhoto(bytes: Uint8Array): Promise<StoredPhoto> {
  if (bytes.byteLength > maxPhotoBytes()) return { ok: false, status: 413, message: tooLargeMessage() };
  const original = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!(await isAcceptedPhoto(original))) return { ok: false, status: 415, message: NOT_A_PHOTO };
  const id = createHash("sha256").update(original).digest("hex").slice(0, 32);
  const directory = photoDirectory(id);
  await mkdir(directory, { recursive: true });
  await writeAtomically(join(directory, "original"), original);
  try {
    for (const width of PHOTO_WIDTHS) await writeAtomically(variantPath(id, width), await resized(original, width));
  } catch {
    // The header was readable but the pixels are not (a truncated file).
    return { ok: false, status: 415, message: NOT_A_PHOTO };
  }
  return { ok: true, id, url: photoUrl(id) };
}

/** One served size (WebP), made from the original if it is missing; null for an unknown photo or width. */
export async function photoVariant(id: string, width: number): Promise<Buffer | null> {
  if (!isPhotoId(id) || !isPhotoWidth(width)) return null;
  const cached = await readFile(variantPath(id, width)).catch(() => null);
  if (cached) return cached;
  const original = await readFile(join(photoDirectory(id), "original")).catch(() => null);
  if (!original) return null;
  const variant = await resized(original, width);
  await writeAtomically(variantPath(id, width), variant);
  return variant;
}

async function isAcceptedPhoto(bytes: Buffer): Promise<boolean> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    return ACCEPTED_FORMATS.has(metadata.format ?? "") && !!metadata.width && !!metadata.height;
  } catch {
    return false;
  }
}

function resized(original: Buffer, width: number): Promise<Buffer> {
  // rotate(): apply the camera's orientation; metadata (GPS included) is dropped.
  return sharp(original, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width }).webp({ quality: 78 }).toBuffer();
}

function photoDirectory(id: string): string {
  return join(env().UPLOAD_DIR, id);
}

function variantPath(id: string, width: number): string {
  return join(photoDirectory(id), `${width}.webp`);
}

/** Readers never see half a file, even with two uploads of the same photo at once. */
async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}
