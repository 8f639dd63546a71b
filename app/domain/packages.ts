// A tour package as an admin adds it (Add A Product form and POST /api/services).
import { z } from "zod";

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

export const packageSchema = z.object({
  title: z
    .string({ required_error: "Please enter the package title." })
    .trim()
    .min(1, "Please enter the package title.")
    .max(120, "The title can be at most 120 characters."),
  cost: z.coerce
    .number({ required_error: "Please enter the cost.", invalid_type_error: "The cost must be a number." })
    .int("The cost must be a whole number of dollars.")
    .positive("The cost must be more than 0.")
    .max(1_000_000, "The cost can be at most 1000000."),
  image: z
    .string({ required_error: "Please enter the image URL." })
    .trim()
    .max(2000, "The image URL is too long.")
    .refine(isImageUrl, "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg."),
  description: z
    .string({ required_error: "Please enter a description." })
    .trim()
    .min(1, "Please enter a description.")
    .max(5000, "The description can be at most 5000 characters."),
});

export type PackageInput = z.infer<typeof packageSchema>;
