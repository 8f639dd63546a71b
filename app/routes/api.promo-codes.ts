import { promoCodeInputSchema, promoCodeJson } from "~/booking";
import { createPromoCode, listPromoCodes, PromoCodeError } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// GET /api/promo-codes (admin): every code with its redemptions.
const getPromoCodes: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json((await listPromoCodes()).map(promoCodeJson));
};

// POST /api/promo-codes (admin): the dashboard form's fields as JSON → { insertedId }.
const postPromoCode: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const input = await readBody(request, promoCodeInputSchema);
  try {
    const created = await createPromoCode(input);
    return Response.json({ insertedId: created.id });
  } catch (error) {
    if (!(error instanceof PromoCodeError)) throw error;
    return jsonError(
      error.code === "taken" ? 409 : 400,
      error.message,
      error.field ? { [error.field]: [error.message] } : undefined,
    );
  }
};

export const { loader, action } = apiRoute({ GET: getPromoCodes, POST: postPromoCode });
