// Uploaded package and profile photos in the object storage (UPLOAD_DIR or an S3 bucket,
// docs/configuration.md): one folder per photo, named by the original's content hash, holding the original
// (kept to resize again, never served) and its WebP sizes. The type is read from the file's
// content by sharp, never from its name.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { PHOTO_WIDTHS, isPhotoId, isPhotoWidth, photoUrl } from "~/catalogue/photos";
import { env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { isObjectStorageUnavailable, objectStorage, type StoredObject } from "~/platform/object-storage.server";

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
/** Larger pictures than any camera's are refused before decoding (a small file can claim huge dimensions). */
const MAX_PIXELS = 100_000_000;

sharp.cache(false);

export type StoredPhoto = { ok: true; id: string; url: string } | { ok: false; status: 413 | 415 | 503; message: string };

/** The storage cannot be written (a missing bucket, a store down, a full disk): 503. */
export const STORAGE_UNAVAILABLE = "Photos cannot be stored just now. Please try again in a few minutes.";

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
  // Every size is made before anything is stored: a photo is stored whole or not at all.
  const variants: Buffer[] = [];
  try {
    for (const width of PHOTO_WIDTHS) variants.push(await resized(original, width));
  } catch {
    // The header was readable but the pixels are not (a truncated file).
    return { ok: false, status: 415, message: NOT_A_PHOTO };
  }
  const storage = objectStorage();
  try {
    await storage.write(originalKey(id), original, "application/octet-stream");
    for (const [index, width] of PHOTO_WIDTHS.entries())
      await storage.write(variantKey(id, width), variants[index], "image/webp");
  } catch (error) {
    if (isObjectStorageUnavailable(error)) {
      logger.error({ error: error.message }, "photo storage unavailable");
      return { ok: false, status: 503, message: STORAGE_UNAVAILABLE };
    }
    throw error;
  }
  return { ok: true, id, url: photoUrl(id) };
}

/** A served size: found, unknown (404) or in a storage that cannot be read just now (503). */
export type PhotoFile = ({ ok: true } & StoredObject) | { ok: false; status: 404 | 503 };

/** One served size (WebP), made from the original if it is missing. */
export async function photoVariant(id: string, width: number): Promise<PhotoFile> {
  if (!isPhotoId(id) || !isPhotoWidth(width)) return { ok: false, status: 404 };
  const storage = objectStorage();
  try {
    const stored = await storage.open(variantKey(id, width));
    if (stored) return { ok: true, ...stored };
    const original = await storage.read(originalKey(id));
    if (!original) return { ok: false, status: 404 };
    // An original that no longer decodes (damaged in the store) has no sizes to serve.
    const variant = await resized(original, width).catch(() => null);
    if (!variant) return { ok: false, status: 404 };
    await storage.write(variantKey(id, width), variant, "image/webp");
    return { ok: true, body: new Blob([new Uint8Array(variant)]).stream(), size: variant.byteLength };
  } catch (error) {
    if (!isObjectStorageUnavailable(error)) throw error;
    logger.error({ error: error.message }, "photo storage unavailable");
    return { ok: false, status: 503 };
  }
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

function originalKey(id: string): string {
  return `${id}/original`;
}

function variantKey(id: string, width: number): string {
  return `${id}/${width}.webp`;
}
