// Every absolute URL the site makes (emails, the sitemap, robots.txt, canonical and Open Graph
// tags, structured data, Google's return address) starts with the configured PUBLIC_URL, never
// with the request's Host or X-Forwarded-* headers: a client cannot put its own host into a
// password-reset link or a cached page (docs/decisions/0013-public-origin.md).
import { env } from "~/platform/env.server";

/** The site's public origin: "https://tours.example.com" (no trailing slash). */
export function publicOrigin(): string {
  return env().PUBLIC_URL;
}

/** publicUrl("/services") → "https://tours.example.com/services"; an absolute URL (a picture elsewhere) stays as it is. */
export function publicUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, publicOrigin()).href;
}
