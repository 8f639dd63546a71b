// /photos/{id}/{width}.webp: an uploaded photo in one of its sizes (app/catalogue/photos.ts),
// streamed from the object storage (UPLOAD_DIR or the S3 bucket). The content never changes under
// a URL (the id is the original's hash), so browsers keep it a year.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { photoVariant } from "~/catalogue/index.server";

const NOT_FOUND = "There is no such photo.";
const UNAVAILABLE = "The photo cannot be read just now. Please try again in a moment.";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const width = /^(\d{1,5})\.webp$/.exec(params.file ?? "")?.[1];
  const photo = width ? await photoVariant(params.id ?? "", Number(width)) : ({ ok: false, status: 404 } as const);
  if (!photo.ok) {
    return new Response(photo.status === 404 ? NOT_FOUND : UNAVAILABLE, {
      status: photo.status,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(photo.status === 503 ? { "Retry-After": "30" } : {}),
      },
    });
  }
  const headers = {
    "Content-Type": "image/webp",
    "Content-Length": String(photo.size),
    "Cache-Control": "public, max-age=31536000, immutable",
  };
  // Remix drops a HEAD answer's body unread: close the file or the bucket's connection here.
  if (request.method === "HEAD") {
    await photo.body.cancel();
    return new Response(null, { headers });
  }
  return new Response(photo.body, { headers });
}
