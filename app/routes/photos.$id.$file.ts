// /photos/{id}/{width}.webp: an uploaded photo in one of its sizes (app/catalogue/photos.ts). The
// content never changes under a URL (the id is the original's hash), so browsers keep it a year.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { photoVariant } from "~/catalogue/index.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const width = /^(\d{1,5})\.webp$/.exec(params.file ?? "")?.[1];
  const photo = width ? await photoVariant(params.id ?? "", Number(width)) : null;
  if (!photo) {
    return new Response("There is no such photo.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
