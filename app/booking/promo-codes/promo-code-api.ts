// The promo codes' part of the JSON API under /api (administrators): the bodies are the dashboard
// form's own rules (core/promo-code-rules.ts); here the shape of a code as the API lists it and the
// projection that makes it. app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";
import type { PromoCodeRule } from "~/booking/core/promo-code-rules";
import { dollarsValue } from "~/platform/money";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD");

export const promoCodeSchema = z
  .object({
    _id: z.string(),
    code: z.string().describe("Upper case; customers may type it in any case"),
    percentOff: z.number().int().min(1).max(100).nullable().describe("Percent off the total (null: an amount off)"),
    amountOff: z.number().nullable().describe("Dollars off the total (null: a percent off)"),
    validFrom: isoDay.describe("The first day an order can use it"),
    validUntil: isoDay.describe("The last day an order can use it"),
    travelFrom: isoDay.nullable().describe("Only trips on or after this date (null: any)"),
    travelUntil: isoDay.nullable().describe("Only trips on or before this date (null: any)"),
    maxRedemptions: z.number().int().nullable().describe("Orders that can use it in all (null: no limit)"),
    maxPerCustomer: z.number().int().nullable().describe("Orders one customer can use it for (null: no limit)"),
    packages: z.array(z.string()).describe("The packages' _id it is for (empty: every package)"),
    minTravellers: z.number().int().nullable().describe("Travellers a booking needs (null: any number)"),
    active: z.boolean(),
    redemptions: z
      .number()
      .int()
      .min(0)
      .describe("Read-only: orders holding it (an order expired or cancelled unpaid gives its use back)"),
  })
  .strict();

/** GET /api/promo-codes */
export function promoCodeJson(code: PromoCodeRule & { id: string }): z.infer<typeof promoCodeSchema> {
  return {
    _id: code.id,
    code: code.code,
    percentOff: code.percentOff,
    amountOff: code.amountOffCents === null ? null : Number(dollarsValue(code.amountOffCents)),
    validFrom: code.validFrom,
    validUntil: code.validUntil,
    travelFrom: code.travelFrom,
    travelUntil: code.travelUntil,
    maxRedemptions: code.maxRedemptions,
    maxPerCustomer: code.maxPerCustomer,
    packages: [...code.packageIds],
    minTravellers: code.minTravellers,
    active: code.active,
    redemptions: code.redemptions,
  };
}
