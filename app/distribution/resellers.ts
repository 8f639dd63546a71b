// Resellers as an administrator enters them (the dashboard's form and POST /api/resellers): a name,
// a contact email, the commission they keep (a percentage with up to 2 decimals, stored in basis
// points) and whether they may sell. Client-safe: the page's form and the API share it.
import { z } from "zod";
import { email, requiredText } from "~/platform/fields";

const RESELLER_NAME_MAX = 100;

/** "12.5" and 12.5 read alike; blank is missing. */
const percent = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
  z
    .number({
      required_error: "Please enter the commission percent.",
      invalid_type_error: "The commission is a percentage from 0 to 100, with up to 2 decimals.",
    })
    .min(0, "The commission is a percentage from 0 to 100, with up to 2 decimals.")
    .max(100, "The commission is a percentage from 0 to 100, with up to 2 decimals.")
    .refine(
      (value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      "The commission is a percentage from 0 to 100, with up to 2 decimals.",
    ),
);

/** The form's select sends "yes" or "no"; JSON a boolean. Absent: a new reseller is active. */
const ACTIVE_WORDS = new Map([
  ["yes", true],
  ["true", true],
  ["no", false],
  ["false", false],
]);
const active = z.preprocess(
  (value) => (typeof value === "string" ? (ACTIVE_WORDS.get(value.trim().toLowerCase()) ?? value) : value),
  z.boolean({ invalid_type_error: "Please say whether the reseller is active." }),
);

/** The dashboard's form and POST /api/resellers. */
export const resellerInputSchema = z.object({
  name: requiredText({
    max: RESELLER_NAME_MAX,
    missing: "Please enter the reseller's name.",
    tooLong: `The name can be at most ${RESELLER_NAME_MAX} characters.`,
  }),
  email: email({
    missing: "Please enter the reseller's contact email.",
    invalid: "Please enter a valid contact email.",
    tooLong: "This email address is too long.",
  }),
  commissionPercent: percent,
  active: active.default(true),
});

/** The most seats a cap may allow (a certification run raises them; larger is no cap at all). */
const MAX_CAP = 10_000;

/** "20" and 20 read alike; blank is missing. */
const cap = (field: string, what: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
    z
      .number({
        required_error: `Please enter ${what} (${field}).`,
        invalid_type_error: `${field} is a whole number of seats from 1 to ${MAX_CAP}.`,
      })
      .int(`${field} is a whole number of seats from 1 to ${MAX_CAP}.`)
      .min(1, `${field} is a whole number of seats from 1 to ${MAX_CAP}.`)
      .max(MAX_CAP, `${field} is a whole number of seats from 1 to ${MAX_CAP}.`),
  );

const perDeparture = cap("maxHeldSeatsPerDeparture", "the seats it may hold on one departure");
const inAll = cap("maxHeldSeats", "the seats it may hold in all");

/** PATCH /api/resellers/{id}: either cap or both; a field left out stays as it is. */
export const resellerCapsPatchSchema = z
  .object({ maxHeldSeatsPerDeparture: perDeparture.optional(), maxHeldSeats: inAll.optional() })
  .strict()
  .refine(
    (caps) => caps.maxHeldSeatsPerDeparture !== undefined || caps.maxHeldSeats !== undefined,
    "Give maxHeldSeatsPerDeparture, maxHeldSeats or both.",
  );

const id = z.string({ required_error: "Unknown reseller." }).regex(/^[a-z0-9]{10,40}$/i, "Unknown reseller.");
const keyId = z.string({ required_error: "Unknown key." }).regex(/^[a-z0-9]{10,40}$/i, "Unknown key.");

/** The dashboard's forms, by their `intent`. */
export const resellerForms = {
  create: resellerInputSchema,
  activate: z.object({ id }),
  deactivate: z.object({ id }),
  "create-key": z.object({ id }),
  "revoke-key": z.object({ id, keyId }),
  caps: z.object({ id, maxHeldSeatsPerDeparture: perDeparture, maxHeldSeats: inAll }),
};
export type ResellerIntent = keyof typeof resellerForms;

/** 12.5 % → 1250 basis points. */
export function basisPoints(percentValue: number): number {
  return Math.round(percentValue * 100);
}

/** 1250 → 12.5 (the API's commissionPercent). */
export function commissionPercent(points: number): number {
  return points / 100;
}

/** 1250 → "12.5%", 1000 → "10%". */
export function formatCommission(points: number): string {
  return `${commissionPercent(points)}%`;
}
