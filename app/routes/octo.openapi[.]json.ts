// GET /octo/openapi.json: the OCTO operations this supplier offers (no key needed).
import { octoOpenApiDocument } from "~/http/octo-openapi";

export const loader = () => Response.json(octoOpenApiDocument, { headers: { "Cache-Control": "public, max-age=300" } });
