import { revokeResellerKey } from "~/distribution/index.server";
import { apiRoute, jsonError, requireApiAdmin, type ApiHandler } from "~/http/api.server";

// DELETE /api/resellers/{id}/keys/{keyId} (admin): the key is refused from the next request on.
const deleteKey: ApiHandler = async ({ request, params }) => {
  await requireApiAdmin(request);
  const outcome = await revokeResellerKey(params.id ?? "", params.keyId ?? "");
  if (outcome === "not-found") return jsonError(404, "No such key.");
  return Response.json({ modifiedCount: outcome === "revoked" ? 1 : 0 });
};

export const { loader, action } = apiRoute({ DELETE: deleteKey });
