// Image addresses the pages may load. Apart from the form schemas (app/platform/fields.ts, which
// uses it), so what checks only an address (every page's avatar) does not bring zod to the browser.
const PROBE_ORIGIN = "http://same-site.invalid";

/**
 * An image address the pages may load: an absolute http(s) URL, or a path on this site. A browser
 * reads "/\evil.example/x.png" as "//evil.example/x.png" (another host) and strips tabs and
 * newlines anywhere, so a site path starts with one "/" followed by neither "/" nor "\", and no
 * image address holds a backslash, whitespace or a control character at all.
 */
export function isImageUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  if (/^https?:\/\//i.test(value)) return parse(value) !== null;
  // What the browser loads for a site path must stay on this site, whatever the path holds.
  return /^\/(?![/\\])/.test(value) && parse(value, PROBE_ORIGIN)?.origin === PROBE_ORIGIN;
}

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
