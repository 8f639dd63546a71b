// Hostile input for the property-based tests (fast-check): strings an attacker or a broken client
// sends, forms with at least one field broken, a fingerprint of everything stored, and a route
// caller that turns what Remix would answer into a status.
import fc from "fast-check";
import { z } from "zod";
import { db } from "~/platform/db.server";
import { callRoute, type RouteAnswer, type RouteArgs } from "./requests";

export const FRAGMENTS = [
  "' OR '1'='1' --",
  '\'; DROP TABLE "User"; --',
  '" OR ""="',
  "1; SELECT pg_sleep(5)",
  "$1",
  '%\' AND 1=0 UNION SELECT * FROM "Password" --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "{{7*7}}${7*7}",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\u202Eevil",
  "e\u0301\u0301\u0301",
  "😀👩‍👩‍👧‍👦",
  "Ｅｍａｉｌ＠ｅｘａｍｐｌｅ．ｃｏｍ",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "-0",
  "1e309",
  "0x1F",
  "1.5",
  "9".repeat(400),
  " ",
  "\t\n\r",
  "",
];

/** Any hostile text: fragments, random unicode (lone surrogates included), huge strings. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(100_000), "é".repeat(20_000), "<b>".repeat(10_000)) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 20 })).map(([a, b]) => a + b) },
);

/** Text longer than `max` even after trimming. */
export const tooLong = (max: number) =>
  fc.oneof(
    fc.string({ minLength: max, maxLength: max + 20 }).map((text) => `x${text}x`),
    fc.constant(`y${"\u00e9".repeat(max + 1)}`),
  );

const isEmail = (value: string) => z.string().trim().email().max(254).safeParse(value).success;
export const notAnEmail = hostileText.filter((value) => !isEmail(value));

/** Ids that match nothing: malformed, hostile or well-formed but unknown. */
export const badId = fc.oneof(
  hostileText,
  fc.stringMatching(/^[a-z0-9]{25}$/),
  fc.constantFrom("0", "-1", "cm0000000000000000000000", "00000000-0000-0000-0000-000000000000", "[object Object]"),
);

export type FieldValue = string | string[] | undefined;

/** A first or last name (app/platform/fields.ts personName): real names valid, hostile text that is no name invalid. */
export const personNameRule: FieldRule<string> = {
  valid: fc.constantFrom("Md", "Mohammad Abdur Rahman Chowdhury", "D'Costa", "মোঃ আব্দুর রহমান", "Jean-Paul"),
  invalid: fc.oneof(
    fc.constant(undefined),
    fc.constantFrom("", "   ", "R2D2", "<script>"),
    tooLong(60),
    hostileText.filter((value) => !/^[\p{L}\p{M} .'’-]{1,60}$/u.test(value.trim()) || !/\p{L}/u.test(value)),
  ),
};

/** `valid` values the field accepts (hostile text where it is allowed), `invalid` ones it must refuse (undefined: missing). */
export interface FieldRule<Value = string | string[]> {
  valid: fc.Arbitrary<Value>;
  invalid: fc.Arbitrary<Value | undefined>;
}

const junkName = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "role", "isAdmin", "admin", "userId", "Price", "priceCents", "paymentStatus", "id"),
  fc.string({ maxLength: 12 }),
);

/** A form or JSON body where at least one field is broken (wrong, missing or repeated), plus unknown extra fields. */
export function brokenForm<Value = string | string[]>(
  rules: Record<string, FieldRule<Value>>,
): fc.Arbitrary<Record<string, Value | string>> {
  const names = Object.keys(rules);
  const pick = <K extends keyof FieldRule<Value>>(key: K) =>
    fc.record(Object.fromEntries(names.map((name) => [name, rules[name][key]])) as Record<string, FieldRule<Value>[K]>);
  return fc
    .record({
      valid: pick("valid"),
      invalid: pick("invalid"),
      broken: fc.subarray(names, { minLength: 1 }),
      extra: fc.dictionary(junkName, hostileText, { maxKeys: 3 }),
    })
    .map(({ valid, invalid, broken, extra }) => {
      const form: Record<string, Value | string> = {};
      for (const [name, value] of Object.entries(extra)) if (!(name in rules)) form[name] = value;
      for (const name of names) {
        const value = broken.includes(name) ? (invalid[name] as Value | undefined) : (valid[name] as Value);
        if (value !== undefined) form[name] = value;
      }
      return form;
    });
}

/** Two or three values for a field that expects one, none of them acceptable. */
export const repeated = (invalid: fc.Arbitrary<string>) => fc.array(invalid, { minLength: 2, maxLength: 3 });

/**
 * Everything the site stores, in one query: row counts, live (not soft-deleted) orders and
 * packages, administrators, disabled accounts, payments and paid orders. Rate-limit counters are left out:
 * counting failed attempts is their job.
 */
export async function fingerprint(): Promise<string> {
  const prisma = await db();
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT
    (SELECT count(*) FROM "User") AS users,
    (SELECT count(*) FROM "User" WHERE "role" = 'ADMIN') AS admins,
    (SELECT count(*) FROM "User" WHERE "disabled") AS disabled,
    (SELECT count(*) FROM "Password") AS passwords,
    (SELECT count(*) FROM "Session") AS sessions,
    (SELECT count(*) FROM "Service") AS services,
    (SELECT count(*) FROM "Service" WHERE "deletedAt" IS NULL) AS live_services,
    (SELECT md5(string_agg(md5(s::text), ';' ORDER BY id)) FROM "Service" s) AS service_rows,
    (SELECT count(*) FROM "Order") AS orders,
    (SELECT count(*) FROM "Order" WHERE "deletedAt" IS NULL) AS live_orders,
    (SELECT count(*) FROM "Payment") AS payments,
    (SELECT count(*) FROM "Order" WHERE "paymentStatus" = 'PAID') AS paid_orders,
    (SELECT count(*) FROM "Review") AS reviews,
    (SELECT count(*) FROM "Review" WHERE "hiddenAt" IS NOT NULL) AS hidden_reviews,
    (SELECT count(*) FROM "ReviewReport") AS review_reports,
    (SELECT count(*) FROM "UserAuditEntry") AS audit_entries,
    (SELECT count(*) FROM "ContactMessage") AS contact_messages,
    (SELECT count(*) FROM "NewsletterSubscriber") AS subscribers,
    (SELECT count(*) FROM "OutboxEmail") AS emails`);
  return JSON.stringify(rows[0], (_key, value) => (typeof value === "bigint" ? Number(value) : value));
}

/**
 * callRoute for hostile input: anything thrown that is not a Response (or data()) is what Remix
 * would answer with a 500, so it is returned as status 500 with its stack as the data.
 */
export async function callRouteOr500(
  handler: (args: RouteArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  try {
    return await callRoute(handler, request, params);
  } catch (thrown) {
    return {
      status: 500,
      headers: new Headers(),
      location: null,
      data: thrown instanceof Error ? thrown.stack : String(thrown),
      thrown: true,
    };
  }
}

/** How many generated inputs the properties sent, printed at the end of each file. */
export const tally = { inputs: 0, fiveHundreds: 0 };
