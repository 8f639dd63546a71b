// Forms that may carry photos (Add Product and the edit page for packages, the profile for a
// person's photo): a multipart body is read as a stream within a size bound, each photo is checked
// and stored as it arrives (app/catalogue/photos.server.ts), and the form goes on as if its URL had been
// typed. The route then parses the form with parseForm (app/platform/forms.ts) like any other.
import { unstable_parseMultipartFormData as parseMultipartFormData } from "@remix-run/node";
import { maxPhotoBytes, STORAGE_UNAVAILABLE, storePhoto, tooLargeMessage } from "~/catalogue/photos.server";
import { BodyTooLargeError, bodyWithin, readBytesWithin } from "~/platform/request-body.server";

/** Which file fields a form has, and the URL fields their stored photos fill. */
interface PhotoFields {
  /** A file here becomes the URL in field `url`. */
  file: string;
  url: string;
  /** Files here (any number up to MAX_GALLERY_FILES) are added as lines of field `gallery.url`. */
  gallery?: { files: string; url: string };
}

const PACKAGE_PHOTO_FIELDS: PhotoFields = {
  file: "imageFile",
  url: "image",
  gallery: { files: "galleryFiles", url: "gallery" },
};
const MAX_GALLERY_FILES = 8;
/** Far above any text field of the site's forms (the longest take 5,000 characters). */
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * The largest multipart form a page accepts: a few photos of UPLOAD_MAX_MB plus the text fields.
 * server/request-guards.mjs refuses a larger Content-Length before the app reads anything.
 */
export function maxUploadFormBytes(): number {
  return 4 * maxPhotoBytes() + 128 * 1024;
}

export interface FormWithPhotos {
  formData: FormData;
  /** Messages by file field (e.g. imageFile, galleryFiles) for the photos that were refused. */
  errors: Record<string, string[]>;
  /** The status of the page's answer when a photo was refused: 503 when the storage failed. */
  refusedStatus: 400 | 503;
}

/**
 * The reply of a form whose photos were refused (null when none was): each message under its
 * photo field, and not also "enter the image URL" when the photo was meant to be the image.
 */
export function photoFormReply<Reply extends { error?: Record<string, string[] | null> | null }>(
  submission: { reply: (options: { fieldErrors: Record<string, string[]> }) => Reply },
  errors: FormWithPhotos["errors"],
): Reply | null {
  if (Object.keys(errors).length === 0) return null;
  const result = submission.reply({ fieldErrors: errors });
  if (errors.imageFile && result.error) delete result.error.image;
  return result;
}

export async function readFormWithPhotos(request: Request, fields = PACKAGE_PHOTO_FIELDS): Promise<FormWithPhotos> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return { formData: await request.formData(), errors: {}, refusedStatus: 400 };

  const formData = new FormData();
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
  };
  let imageUrl: string | null = null;
  const galleryUrls: string[] = [];
  let galleryFiles = 0;
  let storageFailed = false;

  try {
    const body = bodyWithin(request, maxUploadFormBytes());
    const bounded = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      duplex: "half",
    } as RequestInit);
    await parseMultipartFormData(bounded, async ({ name, filename, data }) => {
      if (filename === undefined) {
        const text = await collect(data, MAX_FIELD_BYTES);
        if (text === null) refuse(name, "This field is too long.");
        else formData.append(name, text.toString("utf8"));
        return undefined;
      }
      const galleryField = fields.gallery?.files;
      const field = name === fields.file || name === galleryField ? name : null;
      if (!field || filename === "" || (field === galleryField && ++galleryFiles > MAX_GALLERY_FILES)) {
        const skipped = await collect(data, 0);
        if (field && skipped === null) refuse(field, `Please upload at most ${MAX_GALLERY_FILES} photos at once.`);
        return undefined;
      }
      const bytes = await collect(data, maxPhotoBytes());
      if (bytes === null) {
        refuse(field, tooLargeMessage());
        return undefined;
      }
      if (bytes.byteLength === 0) return undefined;
      // Once the storage has failed, the form's other photos are not tried (each would wait for it).
      if (storageFailed) {
        refuse(field, STORAGE_UNAVAILABLE);
        return undefined;
      }
      const stored = await storeWithin(bytes);
      if (!stored.ok && stored.status === 503) storageFailed = true;
      if (!stored.ok) refuse(field, stored.message);
      else if (field === fields.file) imageUrl = stored.url;
      else galleryUrls.push(stored.url);
      return undefined;
    });
  } catch (error) {
    if (error instanceof OwnError) throw error.cause;
    if (error instanceof BodyTooLargeError) {
      refuse(
        fields.file,
        `The form is too large (at most ${Math.floor(maxUploadFormBytes() / (1024 * 1024))} MB with its photos).`,
      );
    } else {
      // A malformed multipart body (the parser's errors): the client's doing, not a server error.
      refuse(fields.file, "The form could not be read. Please send it again.");
    }
  }

  if (imageUrl) formData.set(fields.url, imageUrl);
  if (fields.gallery && galleryUrls.length > 0) {
    const typed = String(formData.get(fields.gallery.url) ?? "").trim();
    formData.set(fields.gallery.url, [typed, ...galleryUrls].filter(Boolean).join("\n"));
  }
  return { formData, errors, refusedStatus: storageFailed ? 503 : 400 };
}

/** A failure of our own while storing a photo, told apart from the parser's errors about the body. */
class OwnError extends Error {}

function storeWithin(bytes: Buffer) {
  return storePhoto(bytes).catch((error: unknown) => {
    throw new OwnError("storing a photo failed", { cause: error });
  });
}

/** A part's bytes, or null past maxBytes; the part is read to its end either way (the next one follows it). */
async function collect(data: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return size > maxBytes ? null : Buffer.concat(chunks);
}

export type PhotoUpload = { ok: true; url: string } | { ok: false; status: 400 | 413 | 415 | 503; message: string };

/**
 * POST /api/photos: the photo as a multipart form's field `file`, or as the raw body with its own
 * Content-Type (image/jpeg, image/png, image/webp). Either way the content decides the type.
 */
export async function readPhotoUpload(request: Request): Promise<PhotoUpload> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  const tooLarge = { ok: false, status: 413, message: tooLargeMessage() } as const;
  let bytes: Buffer | null = null;
  if (type === "multipart/form-data") {
    let fileTooLarge = false;
    try {
      const body = bodyWithin(request, maxPhotoBytes() + MAX_FIELD_BYTES);
      const bounded = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        duplex: "half",
      } as RequestInit);
      await parseMultipartFormData(bounded, async ({ name, filename, data }) => {
        const wanted = name === "file" && filename !== undefined && bytes === null;
        const collected = await collect(data, wanted ? maxPhotoBytes() : 0);
        if (wanted) {
          if (collected === null) fileTooLarge = true;
          else bytes = collected;
        }
        return undefined;
      });
    } catch (error) {
      if (error instanceof BodyTooLargeError) return tooLarge;
      return { ok: false, status: 400, message: "The multipart body could not be read." };
    }
    if (fileTooLarge) return tooLarge;
    if (bytes === null) return { ok: false, status: 400, message: "Send the photo in the form field named file." };
  } else if (type.startsWith("image/") || type === "application/octet-stream") {
    bytes = await readBytesWithin(request, maxPhotoBytes());
    if (bytes === null) return tooLarge;
  } else {
    return {
      ok: false,
      status: 415,
      message: "Send the photo as multipart/form-data (field file) or as the body with its image Content-Type.",
    };
  }
  const stored = await storePhoto(bytes);
  return stored.ok ? { ok: true, url: stored.url } : stored;
}
