import { packageJson } from "~/booking";
import { packageSchema, readCatalogueQuery } from "~/catalogue";
import { createPackage, cursorAfter, readCursor, searchCatalogueAfter } from "~/catalogue/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { agencyToday } from "~/platform/dates";
import { decodeCursor, encodeCursor, limitParam, nextLinkHeader } from "~/platform/paging";

export const { loader, action } = apiRoute({
  // GET /api/services: packages on sale, searched like /services, `limit` at a time, the next page in Link.
  GET: async ({ request }) => {
    const params = new URL(request.url).searchParams;
    const { filters, errors } = readCatalogueQuery(params);
    const limit = limitParam().safeParse(params.get("limit") ?? undefined);
    if (!limit.success) errors.limit = [limit.error.issues[0].message];
    const cursor = params.get("cursor")?.trim();
    const after = cursor ? readCursor(decodeCursor(cursor), filters.sort) : undefined;
    if (after === null) errors.cursor = ["cursor is not valid: use the Link header of a previous answer with the same sort."];
    const invalid = Object.keys(errors);
    if (invalid.length > 0 || !limit.success)
      return jsonError(400, `Invalid parameters: ${invalid.join(", ")}.`, errors as Record<string, string[]>);
    const { items, more } = await searchCatalogueAfter(filters, {
      limit: limit.data,
      after: after ?? undefined,
      today: agencyToday(),
    });
    const headers = new Headers();
    if (more) headers.set("Link", nextLinkHeader(request.url, encodeCursor(cursorAfter(items[items.length - 1], filters.sort))));
    return Response.json(items.map(packageJson), { headers });
  },

  // POST /api/services (admin): { insertedId }
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, packageSchema);
    const created = await createPackage(input);
    return Response.json({ insertedId: created.id }, { status: 201 });
  },
});
