// Reading a request body with a size limit, for the handlers that read their own (the API, the
// Stripe webhook, photo uploads).

/**
 * The body's bytes, or null as soon as they pass maxBytes (whatever Content-Length claims). The
 * rest of a refused body is left where it is: server/unread-body.mjs skips it after the answer,
 * whereas cancelling the stream would destroy the connection before the answer goes out.
 */
export async function readBytesWithin(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return null;
  if (!request.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}

/** The body as text, or null past maxBytes (as readBytesWithin). */
export async function readTextWithin(request: Request, maxBytes: number): Promise<string | null> {
  return (await readBytesWithin(request, maxBytes))?.toString("utf8") ?? null;
}

export class BodyTooLargeError extends Error {}

/**
 * The body as a stream that fails with BodyTooLargeError once it passes maxBytes, for a reader
 * that streams it (a multipart form): it never holds more than the chunk at hand. As above, the
 * rest of a refused body is left for server/unread-body.mjs rather than cancelled.
 */
export function bodyWithin(request: Request, maxBytes: number): ReadableStream<Uint8Array> | null {
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return null;
  const reader = request.body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size <= maxBytes) return controller.enqueue(value);
      reader.releaseLock();
      controller.error(new BodyTooLargeError());
    },
  });
}
