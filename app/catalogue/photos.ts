// Uploaded package photos: the URLs the pages use (shared with the browser). The files themselves
// are stored and resized by app/catalogue/photos.server.ts and served by app/routes/photos.$id.$file.ts.

/** The widths every uploaded photo is served in, as WebP. */
export const PHOTO_WIDTHS = [320, 640, 960, 1280] as const;
/** The width an uploaded photo's URL names (what a package's `image` holds). */
const DEFAULT_WIDTH = 960;

/** Content-addressed: the first 32 hex digits of the original file's SHA-256. */
const PHOTO_ID = /^[0-9a-f]{32}$/;
const PHOTO_URL = /^\/photos\/([0-9a-f]{32})\/(\d+)\.webp$/;

export function isPhotoId(id: string): boolean {
  return PHOTO_ID.test(id);
}

export function isPhotoWidth(width: number): width is (typeof PHOTO_WIDTHS)[number] {
  return (PHOTO_WIDTHS as readonly number[]).includes(width);
}

export function photoUrl(id: string, width: number = DEFAULT_WIDTH): string {
  return `/photos/${id}/${width}.webp`;
}

/** The id of an uploaded photo's URL, or null for any other image URL. */
export function uploadedPhotoId(url: string): string | null {
  const match = PHOTO_URL.exec(url);
  return match && isPhotoWidth(Number(match[2])) ? match[1] : null;
}

/** The srcset of every served width of an uploaded photo. */
export function photoSrcSet(id: string): string {
  return PHOTO_WIDTHS.map((width) => `${photoUrl(id, width)} ${width}w`).join(", ");
}
