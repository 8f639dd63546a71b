import { apiRoute } from "~/api.server";
import { openApiDocument } from "~/openapi";

export const { loader, action } = apiRoute({
  // GET /api/openapi.json: the description of this API.
  GET: async () => Response.json(openApiDocument, { headers: { "Cache-Control": "public, max-age=300" } }),
});
