// Profile photos (avatars) the pages show: a path on this site (an uploaded photo, a default
// picture) or the photo Google sign-in gives (its googleusercontent.com hosts). Any other URL would
// make every visitor's browser call a stranger's server, telling it who looked at which page.
import { isImageUrl } from "~/platform/image-urls";

export const DEFAULT_AVATAR = "/images/people/default-avatar.svg";

/** The hosts of Google account photos (lh3.googleusercontent.com and its siblings). */
const GOOGLE_PHOTO_HOST = /^([a-z0-9-]+\.)+googleusercontent\.com$/;

export function isAllowedAvatarUrl(value: string): boolean {
  if (!isImageUrl(value)) return false;
  if (value.startsWith("/")) return true;
  const url = new URL(value);
  return url.protocol === "https:" && !url.username && !url.password && !url.port && GOOGLE_PHOTO_HOST.test(url.hostname);
}

/** What an <img> of a person shows: their photo when it is allowed, else the default picture. */
export function avatarSrc(value: string | null | undefined): string {
  return value && isAllowedAvatarUrl(value) ? value : DEFAULT_AVATAR;
}
