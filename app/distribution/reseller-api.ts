// The resellers' part of the JSON API under /api (administrators): its bodies are the dashboard
// form's own schemas (app/distribution/resellers.ts); here the shapes of the answers and the projection
// that makes them. app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { commissionPercent } from "~/distribution/resellers";

const resellerKeySchema = z
  .object({
    _id: z.string(),
    prefix: z.string().describe("The key's first characters (the key itself is shown once, when it is created)"),
    createdAt: z.string().datetime(),
    lastUsedAt: z.string().datetime().nullable(),
    revokedAt: z.string().datetime().nullable(),
  })
  .strict();

export const resellerSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    commissionPercent: z.number().min(0).max(100).describe("The reseller's commission: net = retail less this percentage"),
    active: z.boolean(),
    maxHeldSeatsPerDeparture: z
      .number()
      .int()
      .describe("Seats the reseller's holds (OCTO ON_HOLD bookings) may keep unconfirmed on one departure"),
    maxHeldSeats: z.number().int().describe("Seats the reseller's holds may keep unconfirmed on all departures together"),
    createdAt: z.string().datetime(),
    keys: z.array(resellerKeySchema),
  })
  .strict();

export const resellerKeyCreatedSchema = z
  .object({
    _id: z.string(),
    key: z.string().describe("The API key, for `Authorization: Bearer` on /octo only; shown this once, stored hashed"),
  })
  .strict();

/** GET /api/resellers: a reseller as an administrator sees it, with its keys (never the keys themselves). */
export function resellerJson(reseller: {
  id: string;
  name: string;
  email: string;
  commissionBasisPoints: number;
  active: boolean;
  maxHeldSeatsPerDeparture: number;
  maxHeldSeats: number;
  createdAt: Date;
  keys: { id: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }[];
}): z.input<typeof resellerSchema> {
  return {
    _id: reseller.id,
    name: reseller.name,
    email: reseller.email,
    commissionPercent: commissionPercent(reseller.commissionBasisPoints),
    active: reseller.active,
    maxHeldSeatsPerDeparture: reseller.maxHeldSeatsPerDeparture,
    maxHeldSeats: reseller.maxHeldSeats,
    createdAt: reseller.createdAt.toISOString(),
    keys: reseller.keys.map((key) => ({
      _id: key.id,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}
