import { promoCodePatchOver } from "~/booking";
import { findPromoCode, PromoCodeError, promoCodeInputOf, updatePromoCode } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// PATCH /api/promo-codes/{code} (admin): the fields given over the code's own, checked as a whole → { modifiedCount }.
const patchPromoCode: ApiHandler = async ({ request, params }) => {
  await requireApiAdmin(request);
  const stored = await findPromoCode(params.code ?? "");
  if (!stored) return jsonError(404, "No such promo code.");
  const input = await readBody(request, promoCodePatchOver(promoCodeInputOf(stored)));
  try {
    await updatePromoCode(stored.code, input);
    return Response.json({ modifiedCount: 1 });
  } catch (error) {
    if (!(error instanceof PromoCodeError)) throw error;
    const status = { taken: 409, "not-found": 404, invalid: 400 }[error.code];
    return jsonError(status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
  }
};

export const { loader, action } = apiRoute({ PATCH: patchPromoCode });
