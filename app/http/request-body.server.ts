// Reading a request body with a size limit, for the handlers that read their own (the API, the
// Stripe webhook).

/**
 * The body as text, or null as soon as it passes maxBytes (whatever Content-Length claims). The
 * rest of a refused body is left where it is: server/unread-body.mjs skips it after the answer,
 * whereas cancelling the stream would destroy the connection before the answer goes out.
 */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
