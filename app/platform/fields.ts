// The field building blocks of every form schema and /api body schema: each rule (bounds, format,
// message) is written once here; the forms' HTML constraints (constraintsOf below) and the OpenAPI
// document (app/http/openapi.ts) are read from the schemas built of them. U+0000 is refused for every field before
// any schema runs (app/platform/forms.ts, readBody in app/http/api.server.ts).
import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import { isImageUrl } from "~/platform/image-urls";
import { toNationalMobile } from "~/platform/phones";
import { DESTINATIONS, DISTRICTS } from "~/platform/places";

/** A value left blank: "" or only whitespace. */
function blankAsAbsent(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * An optional field: sent empty ("" or whitespace, as a form or a client sends a field left blank)
 * it is absent, in forms and in the API alike.
 */
export function optional<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess(blankAsAbsent, schema.optional());
}

/** The same, with the value an absent field takes. */
export function withDefault<Schema extends z.ZodTypeAny>(schema: Schema, value: z.util.noUndefined<z.input<Schema>>) {
  return z.preprocess(blankAsAbsent, schema.default(value));
}

/** Whether a field schema takes a blank value as absent (the OpenAPI document says so for it). */
export function isBlankable(schema: z.ZodTypeAny): boolean {
  if (!(schema instanceof z.ZodEffects)) return false;
  const effect = schema._def.effect;
  return (effect.type === "preprocess" && effect.transform === blankAsAbsent) || isBlankable(schema.innerType());
}

interface TextRule {
  max: number;
  tooLong: string;
  /** the message when the field is missing, or shorter than `min` (unless tooShort says otherwise) */
  missing: string;
  min?: number;
  tooShort?: string;
}

/** Required text, trimmed, between min (1) and max characters. */
export function requiredText({ max, tooLong, missing, min = 1, tooShort = missing }: TextRule) {
  return z.string({ required_error: missing }).trim().min(min, tooShort).max(max, tooLong);
}

/** Optional text, trimmed, at most max characters. */
export function optionalText(max: number, tooLong: string) {
  return optional(z.string().trim().max(max, tooLong));
}

export const EMAIL_MAX_LENGTH = 254;

interface EmailMessages {
  missing: string;
  invalid: string;
  tooLong: string;
}

/**
 * An email address, trimmed (lower-cased where it names an account); with blankIsMissing a blank
 * address is told "missing" first rather than "invalid".
 */
export function email({ missing, invalid, tooLong }: EmailMessages, { lowerCase = false, blankIsMissing = false } = {}) {
  const trimmed = z.string({ required_error: missing }).trim();
  const cased = lowerCase ? trimmed.toLowerCase() : trimmed;
  return (blankIsMissing ? cased.min(1, missing) : cased).max(EMAIL_MAX_LENGTH, tooLong).email(invalid);
}

/** The messages of the site's forms for an email field. */
export const EMAIL_MESSAGES: EmailMessages = {
  missing: "Please enter your email address.",
  invalid: "Please enter a valid email address.",
  tooLong: "This email address is too long.",
};

const PASSWORD_MIN_LENGTH = 8;
/** bcrypt only reads the first 72 bytes: a longer password would be partly ignored. */
const PASSWORD_MAX_BYTES = 72;

/** A password being checked (no minimum: old passwords stay usable). */
export const password = z.string({ required_error: "Please enter your password." }).max(200, "This password is too long.");

/** A password being chosen. */
export const newPassword = z
  .string({ required_error: "Please choose a password." })
  .min(PASSWORD_MIN_LENGTH, `Please use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
  .refine(
    (value) => new TextEncoder().encode(value).length <= PASSWORD_MAX_BYTES,
    `Please use at most ${PASSWORD_MAX_BYTES} characters for your password.`,
  );

/** A record's id as the site generates them. */
export function recordId(missing: string, invalid: string) {
  return z.string({ required_error: missing }).regex(/^[a-z0-9]{10,40}$/i, invalid);
}

/** An opaque reference (an order id, a Stripe id): non-empty, bounded. */
export function reference(missing: string, max: number, empty?: string) {
  return z.string({ required_error: missing }).min(1, empty).max(max);
}

/** A one-time key (a form's key, an Idempotency-Key header). */
export const ONE_TIME_KEY = /^[A-Za-z0-9_-]{16,64}$/;
export const oneTimeKey = z.string().regex(ONE_TIME_KEY, "This form has expired, please reload the page.");

/** Whole dollars, more than 0 (prices are stored in cents). */
export const wholeDollars = z.coerce
  .number({ required_error: "Please enter the cost.", invalid_type_error: "The cost must be a number." })
  .int("The cost must be a whole number of dollars.")
  .min(1, "The cost must be more than 0.")
  .max(1_000_000, "The cost can be at most 1000000.");

/** How many persons one booking takes: the order page's quantity control and every count of travellers. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 20;

/** The number of persons of an order. */
export const quantity = z.coerce
  .number({ invalid_type_error: "The number of persons must be a number." })
  .int("The number of persons must be a whole number.")
  .min(MIN_QUANTITY, `At least ${MIN_QUANTITY} person.`)
  .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} persons.`);

const RATING_MESSAGE = "The rating must be a whole number from 0 to 5.";

/** A review's stars, 0 to 5 (0 when left out). */
export const rating = withDefault(
  z.coerce
    .number({ invalid_type_error: "The rating must be a number from 0 to 5." })
    .int(RATING_MESSAGE)
    .min(0, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  0,
);

export const imageUrl = z
  .string({ required_error: "Please enter the image URL." })
  .trim()
  .max(2000, "The image URL is too long.")
  .refine(isImageUrl, "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg.")
  .describe("An http(s) URL or a path on this site");

const NAME_MAX_LENGTH = 60;
// Any script's letters (with the combining marks Bengali writes its vowel signs with), and the
// spaces, dots, hyphens and apostrophes of names such as "Md. Abdur Rahman" or "D'Costa".
const NAME_PATTERN = /^[\p{L}\p{M} .'’-]+$/u;
const HAS_LETTER = /\p{L}/u;

/** Whether a name uses only the characters a person's name may have, with at least one letter. */
export const isNameText = (text: string) => NAME_PATTERN.test(text) && HAS_LETTER.test(text);

/** A person's name (first or last), 1 to 60 characters, in any script. */
export function personName(label: string) {
  const onlyNameCharacters = `Your ${label} can use only letters, spaces, dots, hyphens and apostrophes.`;
  return requiredText({
    max: NAME_MAX_LENGTH,
    missing: `Please enter your ${label}.`,
    tooLong: `Your ${label} can be at most ${NAME_MAX_LENGTH} characters.`,
  })
    .regex(NAME_PATTERN, onlyNameCharacters)
    .regex(HAS_LETTER, onlyNameCharacters);
}

export { DESTINATIONS, DISTRICTS };

export const district = z.enum(DISTRICTS, { errorMap: () => ({ message: "Please choose your district." }) });

export const destination = optional(
  z.enum(DESTINATIONS, { errorMap: () => ({ message: "Please choose a destination from the list." }) }),
);

/** An optional whole number between min and max, e.g. a trip's days. */
function optionalWholeNumber(min: number, max: number, what: string) {
  const range = `${what} is a whole number from ${min} to ${max}.`;
  return optional(z.coerce.number({ invalid_type_error: range }).int(range).min(min, range).max(max, range));
}

export const MAX_TRIP_DAYS = 60;
export const durationDays = optionalWholeNumber(1, MAX_TRIP_DAYS, "The duration in days");
export const maxGroupSize = optionalWholeNumber(1, 500, "The group size");

/** A textarea's lines (or, in the API, a list): trimmed, blank ones dropped. */
function splitLines(value: string | string[] | undefined): string[] {
  const items = typeof value === "string" ? value.split(/\r\n|\r|\n/) : (value ?? []);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

/**
 * A list written one item per line in a textarea (a list of strings, or that text, in the API). A
 * bad line is reported on the field itself, naming the line, so the form shows it under the textarea.
 */
function lineList({ max, what, check }: { max: number; what: string; check: (line: string) => string | null }) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform(splitLines)
    .superRefine((lines, context) => {
      if (lines.length > max) context.addIssue({ code: z.ZodIssueCode.custom, message: `At most ${max} ${what}.` });
      const bad = lines.map((line, index) => [index, check(line)] as const).find(([, message]) => message);
      if (bad) context.addIssue({ code: z.ZodIssueCode.custom, message: `Line ${bad[0] + 1}: ${bad[1]}` });
    })
    .describe("A list, or text with one item per line");
}

/** Short text lines: what a package includes or leaves out. */
export const itemLines = lineList({
  max: 30,
  what: "items",
  check: (line) => (line.length > 200 ? "each item can be at most 200 characters." : null),
});

/** Image addresses, one per line. */
export const imageLines = lineList({
  max: 12,
  what: "pictures",
  check: (line) => imageUrl.safeParse(line).error?.issues[0].message ?? null,
});

const DAY_TITLE_MAX = 120;
const DAY_TEXT_MAX = 2000;

/**
 * The days of a trip, each a title and a text. A form sends a few rows more than it needs: a row
 * left wholly blank is dropped, a row half filled in is an error on the half left out.
 */
export const itinerary = z
  .array(
    z
      .object({
        title: optional(z.string().trim().max(DAY_TITLE_MAX, `A day's title can be at most ${DAY_TITLE_MAX} characters.`)),
        text: optional(z.string().trim().max(DAY_TEXT_MAX, `A day's text can be at most ${DAY_TEXT_MAX} characters.`)),
      })
      .optional(),
  )
  .max(MAX_TRIP_DAYS, `At most ${MAX_TRIP_DAYS} days.`)
  .default([])
  .superRefine((days, context) => {
    days.forEach((day, index) => {
      if (!day || (!day.title && !day.text)) return;
      if (!day.title)
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: [index, "title"],
          message: `Please give day ${index + 1} a title.`,
        });
      if (!day.text)
        context.addIssue({ code: z.ZodIssueCode.custom, path: [index, "text"], message: `Please describe day ${index + 1}.` });
    });
  })
  .transform((days) => days.flatMap((day) => (day?.title && day.text ? [{ title: day.title, text: day.text }] : [])));

/**
 * Bangladeshi mobile numbers: 01XXXXXXXXX, optionally with +880 / 880; spaces, dashes and Bengali
 * digits accepted (app/platform/phones.ts). The canonical form, stored and returned by the API, is
 * the national 01XXXXXXXXX (as people write and dial it in Bangladesh); SMS and WhatsApp get
 * 8801XXXXXXXXX from toMsisdn.
 */
export function normaliseMobileNumber(value: string): string | null {
  return toNationalMobile(value);
}

export const mobileNumber = z
  .string({ required_error: "Please enter your mobile number." })
  .transform((value, context) => {
    const number = normaliseMobileNumber(value);
    if (!number) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "Please enter a Bangladeshi mobile number, e.g. 01712345678." });
      return z.NEVER;
    }
    return number;
  })
  .describe("A Bangladeshi mobile number, e.g. 01712345678 or +8801712345678; stored and returned as 01712345678");

export const postcode = optional(
  z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, "The postcode is 4 to 10 digits.")
    .max(10, "The postcode is 4 to 10 digits."),
);

/** A value the API accepts and ignores (fields of the original site's bodies now taken from elsewhere). */
export const ignored = (why: string) => z.unknown().optional().describe(`Ignored: ${why}`);

/**
 * The HTML constraints (required, minLength, min, max) of a schema's fields, for useForm's
 * `constraint` option: getInputProps then renders them, so the JSX repeats no literal. Patterns are
 * left to the server's messages (a browser's own pattern text says less), and so are maximum
 * lengths: a browser silently cuts what is typed or pasted past a maxlength, where the schema's
 * message names the field and its limit.
 */
export function constraintsOf(schema: z.ZodTypeAny) {
  const constraints = getZodConstraint(schema);
  for (const constraint of Object.values(constraints)) {
    delete constraint.pattern;
    delete constraint.maxLength;
  }
  // Conform marks a union required whatever wraps it (lineList's text-or-list): a field the schema
  // takes absent is not.
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodTypeAny>) : {};
  for (const [name, field] of Object.entries(shape)) {
    if (constraints[name]?.required && field.safeParse(undefined).success) constraints[name].required = false;
  }
  return constraints;
}
