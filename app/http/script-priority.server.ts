// The page's scripts load at low priority. Remix's <Scripts> preloads every module the page
// hydrates with (25 files, 106 KB gzipped on /) as `<link rel="modulepreload">`, which a browser
// fetches at high priority, beside the HTML and the hero picture, although the page shows, and
// works, without them (decision 0002). On a phone's slow network they took the bandwidth of the
// first paint, and Lighthouse's simulation counted every one that had arrived before its trace's
// first paint as needed for it (docs/performance.md, "A first paint within 1.5 s"). React renders
// the tag the same way every time; <Scripts> takes no attribute for it, so the server's HTML is
// rewritten as it streams. Hydration is unchanged: React leaves an attribute it did not render.
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload" href=');
const LOW_PRIORITY = Buffer.from('<link rel="modulepreload" fetchpriority="low" href=');

/** Length of the longest end of `chunk` that starts the tag: kept for the next chunk to finish. */
function partialTagAtEnd(chunk: Buffer): number {
  for (let length = Math.min(PRELOAD.length - 1, chunk.length); length > 0; length--) {
    if (chunk.subarray(chunk.length - length).equals(PRELOAD.subarray(0, length))) return length;
  }
  return 0;
}

function withLowPriority(chunk: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = chunk.indexOf(PRELOAD); at !== -1; at = chunk.indexOf(PRELOAD, from)) {
    parts.push(chunk.subarray(from, at), LOW_PRIORITY);
    from = at + PRELOAD.length;
  }
  if (from === 0) return chunk;
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
}

/** A stream that passes the page's HTML through, its module preloads marked `fetchpriority="low"`. */
export function lowPriorityModulePreloads(): Transform {
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      // Only the start of a tag cut by the chunk's end waits; anything else flushes at once.
      const keep = partialTagAtEnd(text);
      held = Buffer.from(text.subarray(text.length - keep));
      const ready = text.subarray(0, text.length - keep);
      callback(null, ready.length > 0 ? withLowPriority(ready) : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, held.length > 0 ? held : undefined);
    },
  });
}
