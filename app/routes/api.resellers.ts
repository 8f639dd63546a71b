import { resellerInputSchema, resellerJson } from "~/distribution";
import { createReseller, listResellers } from "~/distribution/index.server";
import { apiRoute, readBody, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// GET /api/resellers (admin): every reseller with its keys (their prefixes, never the keys).
const getResellers: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json((await listResellers()).map(resellerJson));
};

// POST /api/resellers (admin): { name, email, commissionPercent, active? } → { insertedId }.
const postReseller: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const input = await readBody(request, resellerInputSchema);
  const created = await createReseller(input);
  return Response.json({ insertedId: created.id });
};

export const { loader, action } = apiRoute({ GET: getResellers, POST: postReseller });
