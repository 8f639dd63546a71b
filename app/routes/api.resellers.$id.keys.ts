import { createResellerKey } from "~/distribution/index.server";
import { apiRoute, jsonError, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// POST /api/resellers/{id}/keys (admin): a new key, { _id, key }; the only time the key is shown.
const postKey: ApiHandler = async ({ request, params }) => {
  await requireApiAdmin(request);
  const created = await createResellerKey(params.id ?? "");
  if (!created) return jsonError(404, "No such reseller.");
  return Response.json({ _id: created.id, key: created.key });
};

export const { loader, action } = apiRoute({ POST: postKey });
