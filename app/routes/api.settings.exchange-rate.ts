// GET /api/settings/exchange-rate (administrators): { bdtPerUsd, setAt } of the rate in force, 404
// when none was ever set. PUT { "bdtPerUsd": 122.5 } (administrators) sets a new one (the old ones
// stay as its history) and answers it. Issue 39 item 8; docs/payments.md.
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { exchangeRateInputSchema, exchangeRateJson } from "~/payments";
import { currentExchangeRate, setExchangeRate } from "~/payments/index.server";

export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const rate = await currentExchangeRate();
    if (!rate) return jsonError(404, "No exchange rate has been set.");
    return Response.json(exchangeRateJson(rate), { headers: { "Cache-Control": "no-store" } });
  },
  PUT: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { bdtPerUsd } = await readBody(request, exchangeRateInputSchema);
    const rate = await setExchangeRate(bdtPerUsd, admin.id);
    return Response.json(exchangeRateJson(rate), { headers: { "Cache-Control": "no-store" } });
  },
});
