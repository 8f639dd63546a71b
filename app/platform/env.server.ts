// The whole configuration of the app, validated once at start-up (docs/configuration.md).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "~/platform/logger.server";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

/** "https://tours.example.com" (a trailing slash allowed): a scheme, a host and a port, nothing else. */
function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return !url.username && !url.password && url.pathname === "/" && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** An http(s) base URL with a default; a trailing slash is dropped. */
const httpUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((url) => url.trim().replace(/\/+$/, ""))
    .refine((url) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(url), "must be an http(s) URL without a query");

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optionalString.refine((url) => !url || /^postgres(ql)?:\/\//.test(url), "must be a postgresql:// URL"),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATA_DIR: z.string().default("./data"),
  // The embedded database's buffer pool, inside its WebAssembly memory (docs/performance.md, Memory).
  EMBEDDED_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, "must be a size like 16MB")
    .default("16MB"),
  // Uploaded package photos (app/catalogue/photos.server.ts); unset: DATA_DIR/uploads.
  UPLOAD_DIR: optionalString,
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(8),
  // Photos in an S3-compatible bucket instead of UPLOAD_DIR (app/platform/object-storage.server.ts):
  // all of them or none (S3_FORCE_PATH_STYLE is optional).
  S3_ENDPOINT: optionalString.refine((url) => !url || /^https?:\/\/[^\s]+$/.test(url), "must be an http(s) URL"),
  S3_REGION: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  SESSION_SECRET: optionalString,
  // The origin of every absolute URL the site makes (emails, sitemap, canonical links): never the request's Host.
  PUBLIC_URL: optionalString.refine(
    (url) => !url || isOrigin(url),
    "must be the site's public origin, like https://tours.example.com (http or https, no path, query or credentials)",
  ),
  // The first administrator, made at the first start (app/platform/seed.server.ts, docs/operations.md).
  ADMIN_EMAIL: z.string().email().default("admin@tourbooking.test"),
  ADMIN_PASSWORD: optionalString.refine((value) => !value || value.length >= 8, "must be at least 8 characters"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString.refine((url) => !url || /^https?:\/\//.test(url), "must be an http(s) URL"),
  // SSLCommerz (docs/payments.md): offered when the store id and password are set; the sandbox unless
  // SSLCOMMERZ_BASE_URL names the live gateway (https://securepay.sslcommerz.com).
  SSLCOMMERZ_STORE_ID: optionalString,
  SSLCOMMERZ_STORE_PASSWORD: optionalString,
  SSLCOMMERZ_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL, like https://sandbox.sslcommerz.com")
    .default("https://sandbox.sslcommerz.com")
    .transform((url) => url.replace(/\/+$/, "")),
  // bKash Tokenized Checkout (docs/payments.md): offered when all four credentials are set; the
  // sandbox unless BKASH_BASE_URL names the live gateway (https://tokenized.pay.bka.sh/v1.2.0-beta).
  BKASH_APP_KEY: optionalString,
  BKASH_APP_SECRET: optionalString,
  BKASH_USERNAME: optionalString,
  BKASH_PASSWORD: optionalString,
  BKASH_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL, like https://tokenized.sandbox.bka.sh/v1.2.0-beta")
    .default("https://tokenized.sandbox.bka.sh/v1.2.0-beta")
    .transform((url) => url.replace(/\/+$/, "")),
  SMTP_URL: optionalString.refine((url) => !url || /^smtps?:\/\//.test(url), "must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().default("Tour Booking <no-reply@tourbooking.test>"),
  CONTACT_TO: z.string().email().default("agency@tourbooking.test"),
  // The agency's postal address on its invoices and credit notes, lines separated by ";".
  AGENCY_ADDRESS: z
    .string()
    .max(300, "must be at most 300 characters")
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "must be one line (separate the address lines with ;)")
    .default("Dhaka, Bangladesh")
    .transform((value) =>
      value
        .split(";")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.length > 0, "must not be empty"),
  // The agency's VAT registration number (BIN), printed on its invoices and credit notes when set.
  AGENCY_TAX_ID: optionalString.refine(
    (value) => !value || /^[A-Za-z0-9-]{1,30}$/.test(value),
    "must be the VAT registration number (BIN): letters, digits and dashes",
  ),
  // The agency's phone and WhatsApp number on the voucher, the invoice and the footer; each hidden when unset.
  AGENCY_PHONE: optionalString.refine(
    (value) => !value || /^\+?[0-9][0-9 ()-]{4,22}[0-9]$/.test(value),
    "must be a phone number: digits, spaces, dashes and brackets, an optional + first (like +880 1711-000000)",
  ),
  // The number with its country code (like 8801711000000): the link is https://wa.me/<digits>.
  WHATSAPP_NUMBER: optionalString
    .refine(
      (value) => !value || /^\+?[0-9 -]+$/.test(value),
      "must be a phone number with its country code, like +880 1711-000000",
    )
    .transform((value) => value?.replace(/\D/g, ""))
    .refine(
      (digits) => !digits || (digits.length >= 8 && digits.length <= 15 && !digits.startsWith("0")),
      "must be a phone number with its country code, like +880 1711-000000 (8 to 15 digits, not starting with 0)",
    ),
  // SMS (app/messages/, docs/messages.md): SSL Wireless ISMS Plus or BulkSMSBD, chosen by
  // SMS_PROVIDER; unset: no SMS. The chosen provider's key and sender are required (parseEnv).
  SMS_PROVIDER: z.enum(["sslwireless", "bulksmsbd"]).optional(),
  SSLWIRELESS_API_TOKEN: optionalString,
  SSLWIRELESS_SID: optionalString,
  SSLWIRELESS_BASE_URL: httpUrl("https://smsplus.sslwireless.com"),
  BULKSMSBD_API_KEY: optionalString,
  BULKSMSBD_SENDER_ID: optionalString,
  BULKSMSBD_BASE_URL: httpUrl("https://bulksmsbd.net"),
  // WhatsApp through Meta's Cloud API: both or neither of the token and the number's id; the
  // webhook (/webhooks/whatsapp) needs the verify token and the app secret.
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString.refine(
    (value) => !value || /^[0-9]{1,30}$/.test(value),
    "must be the WhatsApp phone number's id (digits), from the app's WhatsApp > API setup page",
  ),
  WHATSAPP_API_BASE: httpUrl("https://graph.facebook.com"),
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  // A pending (unpaid) booking keeps its seats BOOKING_HOLD_MINUTES after ordering; opening a card
  // payment in its last PAYMENT_HOLD_MINUTES gives it that long from then, once (the time a payment
  // takes); then it expires and its seats go back (app/booking/sweep/booking-sweep.server.ts).
  BOOKING_HOLD_MINUTES: positiveInt(30),
  PAYMENT_HOLD_MINUTES: positiveInt(15),
  // Freed seats offered to the first waiting party that fits (a departure's waitlist) stay held for
  // it this many hours; an offer not taken then passes to the next (app/booking/waitlist/).
  WAITLIST_OFFER_HOURS: positiveInt(12),
  // Days after a booking's balance day (its package's payment plan) before an unpaid balance cancels
  // the booking (app/booking/paying/balance-dues.server.ts); 0 cancels the day after.
  BALANCE_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  // Seats one account (administrators excepted) may hold unpaid on one departure, and on all of them.
  HOLD_MAX_SEATS_PER_DEPARTURE: positiveInt(20),
  HOLD_MAX_SEATS_PER_ACCOUNT: positiveInt(40),
  // The share (percent) of a departure's seats that all website accounts together may hold unpaid:
  // free accounts cannot sell a date out without paying (administrators excepted).
  HOLD_MAX_SHARE_PER_DEPARTURE: z.coerce.number().int().min(1).max(100).default(50),
  // A bKash/Nagad claim covering what a pending booking owes keeps its seats until an administrator
  // decides, at most this many hours after the claim; then the administrators are reminded by email.
  PAYMENT_CLAIM_HOLD_HOURS: positiveInt(48),
  // The taka rate an administrator sets (/dashboard/settings) is usable this many days after it was
  // set; older, or none at all, and the local gateways (taka) are not offered (app/payments/exchange-rate.server.ts).
  EXCHANGE_RATE_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // The agency's bKash and Nagad merchant numbers shown on the payment page for a manual payment; hidden when unset.
  BKASH_MERCHANT_NUMBER: optionalString.refine(
    (value) => !value || /^(\+?880|0)1[3-9][0-9]{8}$/.test(value.replace(/[ -]/g, "")),
    "must be a Bangladeshi mobile number, like 01711-000000",
  ),
  NAGAD_MERCHANT_NUMBER: optionalString.refine(
    (value) => !value || /^(\+?880|0)1[3-9][0-9]{8}$/.test(value.replace(/[ -]/g, "")),
    "must be a Bangladeshi mobile number, like 01711-000000",
  ),
  // A reseller's hold (an OCTO reservation) lives at most this many minutes from its creation, however
  // long its reservation, extensions or updates ask for (docs/octo.md). Its seats caps are per reseller.
  RESELLER_HOLD_MAX_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  // A customer may complete or correct their travellers until this many hours before the departure's
  // day begins (app/booking/travellers/traveller-cutoff.ts); after it only administrators can.
  TRAVELLERS_CUTOFF_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(48),
  // Travellers' ID numbers are erased this many days after the trip's date (by the booking sweep).
  ID_NUMBER_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  // Other sites whose pages may call /api from the browser (with a bearer token: cookies never cross).
  API_CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine(
      (origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
      "must be a comma-separated list of origins like https://app.example.com (no path, no trailing slash)",
    ),
  // Rate limits: what each one counts is in the table of app/platform/rate-limit.server.ts.
  RATE_LIMIT_LOGIN_MAX: positiveInt(5),
  RATE_LIMIT_LOGIN_ADDRESS_MAX: positiveInt(20),
  RATE_LIMIT_LOGIN_ACCOUNT_SLOWDOWN: positiveInt(20),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_FORM_MAX: positiveInt(20),
  RATE_LIMIT_FORM_WINDOW_MINUTES: positiveInt(60),
  RATE_LIMIT_ORDER_MAX: positiveInt(30),
  RATE_LIMIT_REVIEW_MAX: positiveInt(10),
  RATE_LIMIT_TOKEN_MAX: positiveInt(20),
  RATE_LIMIT_REPORT_MAX: positiveInt(20),
  RATE_LIMIT_WRITE_ADDRESS_MAX: positiveInt(100),
  RATE_LIMIT_WRITE_WINDOW_MINUTES: positiveInt(60),
  RATE_LIMIT_LOOKUP_MAX: positiveInt(100),
  RATE_LIMIT_RESET_MAX: positiveInt(3),
  RATE_LIMIT_RESET_ACCOUNT_MAX: positiveInt(10),
  RATE_LIMIT_INVOICE_PDF_MAX: positiveInt(30),
  RATE_LIMIT_NEWSLETTER_EMAIL_MAX: positiveInt(3),
  RATE_LIMIT_PROFILE_PHOTO_MAX: positiveInt(10),
  RATE_LIMIT_PROMO_MAX: positiveInt(30),
  RATE_LIMIT_OCTO_MAX: positiveInt(600),
  RATE_LIMIT_CLAIM_MAX: positiveInt(10),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  // Password hashing runs on worker threads; above threads + queue a login is refused at once.
  BCRYPT_THREADS: positiveInt(Math.max(1, availableParallelism() - 1)),
  BCRYPT_QUEUE: positiveInt(8),
  // Unset: false in production, true elsewhere (parseEnv).
  SEED_DEMO_DATA: z.enum(["true", "false"]).optional(),
  // Seats of every demo date instead of the seed's 30 to 60 (a test suite that books many times).
  SEED_DEPARTURE_SEATS: z.coerce.number().int().min(1).max(10_000).optional(),
  // GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: no /metrics (404).
  METRICS_TOKEN: optionalString.refine((token) => !token || token.length >= 16, "must be at least 16 characters"),
  // The logger's level (app/platform/logger.server.ts reads it at load; an invalid one stops the start here).
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  // Sent emails are deleted this many days after sending (they hold names, addresses, booking details).
  OUTBOX_RETENTION_DAYS: positiveInt(30),
});

/** Where an S3-compatible store is, when photos are kept there. */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** http://host/bucket/key instead of http://bucket.host/key (most self-hosted stores need it) */
  forcePathStyle: boolean;
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

type S3Variable = (typeof S3_VARIABLES)[number] | "S3_FORCE_PATH_STYLE";

/** The demo administrator's password (README.md, the two commands): refused in production without the demo. */
export const DEMO_ADMIN_PASSWORD = "admin12345";
/** An administrator's password in production (without the demo) and by `npm run admin`. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** A password nobody can guess, for an administrator made without one (shown once). */
export function randomPassword(): string {
  return randomBytes(18).toString("base64url");
}

export type Env = Omit<z.infer<typeof envSchema>, "UPLOAD_DIR" | "PUBLIC_URL" | "SEED_DEMO_DATA" | S3Variable> & {
  /** demo packages, reviews and administrator: asked for, or by default outside production */
  SEED_DEMO_DATA: boolean;
  SESSION_SECRETS: string[];
  UPLOAD_DIR: string;
  /** null: photos are kept in UPLOAD_DIR */
  S3: S3Config | null;
  /** the origin without a trailing slash: "https://tours.example.com" */
  PUBLIC_URL: string;
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration (environment variables):\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  let secrets =
    env.SESSION_SECRET?.split(",")
      .map((secret) => secret.trim())
      .filter(Boolean) ?? [];
  if (secrets.length === 0) {
    if (env.NODE_ENV === "production" && env.DATABASE_URL) {
      throw new Error(
        "Invalid configuration (environment variables):\n  SESSION_SECRET: required in production with DATABASE_URL (every replica must share it)",
      );
    }
    secrets = [loadOrCreateLocalSecret(dataDir)];
  }
  // A real deployment must say where it is; a local try is reached at localhost.
  if (!env.PUBLIC_URL && env.NODE_ENV === "production" && env.DATABASE_URL) {
    throw new Error(
      "Invalid configuration (environment variables):\n  PUBLIC_URL: required in production with DATABASE_URL (the origin of the links in emails, the sitemap and link previews, like https://tours.example.com)",
    );
  }
  const messaging: string[] = [];
  if (env.SMS_PROVIDER === "sslwireless")
    for (const name of ["SSLWIRELESS_API_TOKEN", "SSLWIRELESS_SID"] as const)
      if (!env[name]) messaging.push(`  ${name}: required when SMS_PROVIDER is sslwireless`);
  if (env.SMS_PROVIDER === "bulksmsbd")
    for (const name of ["BULKSMSBD_API_KEY", "BULKSMSBD_SENDER_ID"] as const)
      if (!env[name]) messaging.push(`  ${name}: required when SMS_PROVIDER is bulksmsbd`);
  if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID))
    messaging.push(
      `  ${env.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN"}: required when the other of WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID is set`,
    );
  if (messaging.length > 0) throw new Error(`Invalid configuration (environment variables):\n${messaging.join("\n")}`);
  const demo = env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA === "true" : env.NODE_ENV !== "production";
  // A real deployment's administrator must not have a password anyone can guess (unset: a random one).
  const password = env.ADMIN_PASSWORD;
  if (env.NODE_ENV === "production" && !demo && password) {
    if (password === DEMO_ADMIN_PASSWORD || password.length < ADMIN_PASSWORD_MIN_LENGTH) {
      throw new Error(
        `Invalid configuration (environment variables):\n  ADMIN_PASSWORD: ${password === DEMO_ADMIN_PASSWORD ? "is the demo's published password" : `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`} in production (unset it to get a random one in the log, or set SEED_DEMO_DATA=true for a demo)`,
      );
    }
  }
  const { S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, ...rest } = env;
  // Half a bucket's settings would silently keep photos on this instance's disk: refuse to start.
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0 && missing.length < S3_VARIABLES.length) {
    throw new Error(
      `Invalid configuration (environment variables):\n${missing.map((name) => `  ${name}: required when any of ${S3_VARIABLES.join(", ")} is set`).join("\n")}`,
    );
  }
  const s3 =
    S3_ENDPOINT && S3_REGION && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
      ? {
          endpoint: S3_ENDPOINT,
          region: S3_REGION,
          bucket: S3_BUCKET,
          accessKeyId: S3_ACCESS_KEY_ID,
          secretAccessKey: S3_SECRET_ACCESS_KEY,
          forcePathStyle: S3_FORCE_PATH_STYLE === "true",
        }
      : null;
  return {
    ...rest,
    SEED_DEMO_DATA: demo,
    // The demo's administrator is the README's (`npm run serve`); otherwise unset means a random password (seed).
    ADMIN_PASSWORD: password ?? (demo ? DEMO_ADMIN_PASSWORD : undefined),
    S3: s3,
    DATA_DIR: dataDir,
    UPLOAD_DIR: env.UPLOAD_DIR ? resolve(env.UPLOAD_DIR) : join(dataDir, "uploads"),
    SESSION_SECRETS: secrets,
    PUBLIC_URL: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
  };
}

// Without SESSION_SECRET a single-machine install keeps a generated secret beside its data.
function loadOrCreateLocalSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
