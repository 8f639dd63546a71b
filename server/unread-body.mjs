// A request whose answer went out before its body was read (a refusal: 401, 403, 404, 405, 411,
// 413, a bad webhook) leaves the rest of that body on the connection, and the next request on
// the same keep-alive connection waits behind it. Remix's body stream had started reading and
// then paused, so Node does not discard it by itself; a client that reuses connections (Node's
// fetch, a pooling proxy) would then hang until the keep-alive timeout and get a reset.
//
// After such an answer the rest is read and thrown away, so the connection serves the next
// request at once; but at most DRAIN_MAX_BYTES within DRAIN_MAX_MS, after which the connection is
// closed: a FIN, what still comes dropped for LINGER_MS, then the socket destroyed. The bound is
// not used to close at once: closing a socket with unread data sends a reset that can overtake the
// answer, so even a body known to be too large is read up to the bound.
/** Larger than any body the site accepts (the Stripe webhook's 512 KB), so a refused one is cheap to skip. */
const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;
const LINGER_MS = 500;

export function unreadBody({ maxBytes = DRAIN_MAX_BYTES, maxMs = DRAIN_MAX_MS } = {}) {
  return (req, res, next) => {
    // Before Node's own finish handler, which reads a body nobody touched to its end, unbounded.
    res.prependListener("finish", () => {
      if (!req.complete && !req.destroyed) discard(req, maxBytes, maxMs);
    });
    next();
  };
}

function discard(req, maxBytes, maxMs) {
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), maxMs);
  const stop = () => clearTimeout(timer);
  let left = maxBytes;
  // A reader that stopped part way (Remix's body stream) gets nothing more.
  req.removeAllListeners("data");
  let lingering = false;
  req.on("data", (chunk) => {
    left -= chunk.length;
    if (left >= 0 || lingering) return;
    // Over the bound: the connection ends. A FIN after the answer, not a reset: a client still
    // writing its body may not have read the answer yet, and a reset makes it drop what it has not
    // read. What still comes is read and dropped for at most LINGER_MS, then the socket goes.
    lingering = true;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
  req.once("end", stop);
  req.once("close", stop);
  req.resume();
}
