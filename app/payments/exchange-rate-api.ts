// The exchange rate's part of the JSON API: GET and PUT /api/settings/exchange-rate (administrators).
// app/http/openapi.ts turns these very schemas into the OpenAPI document.
import { z } from "zod";

export { exchangeRateInputSchema } from "~/payments/exchange-rate";

export const exchangeRateSchema = z
  .object({
    bdtPerUsd: z.number().describe("Taka per US dollar, up to 4 decimals"),
    setAt: z.string().datetime().describe("When an administrator set it (ISO 8601, UTC)"),
  })
  .strict();

export function exchangeRateJson(rate: { bdtPerUsd: number; setAt: Date }): z.infer<typeof exchangeRateSchema> {
  return { bdtPerUsd: rate.bdtPerUsd, setAt: rate.setAt.toISOString() };
}
