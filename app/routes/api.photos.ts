import { readPhotoUpload } from "~/catalogue/index.server";
import { apiRoute, jsonError, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // POST /api/photos (admin): a JPEG, PNG or WebP photo → 201 { url } for a package's image.
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const upload = await readPhotoUpload(request);
    if (!upload.ok)
      return jsonError(upload.status, upload.message, undefined, upload.status === 503 ? { "Retry-After": "30" } : {});
    return Response.json({ url: upload.url }, { status: 201 });
  },
});
