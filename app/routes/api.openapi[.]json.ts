import { apiRoute } from "~/http/api.server";
import { openApiDocument } from "~/http/openapi";

export const { loader, action } = apiRoute({
  // GET /api/openapi.json: the description of this API.
  GET: async () => Response.json(openApiDocument, { headers: { "Cache-Control": "public, max-age=300" } }),
});
