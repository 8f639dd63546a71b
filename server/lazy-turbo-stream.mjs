// Remix (single fetch) encodes each document's loader data for hydration with turbo-stream before
// the app's entry runs, and turbo-stream's `encode` does all of that work as it makes the stream,
// not when the stream is read. A page answered from the render cache never reads it: that was 7–13 %
// of a signed-in page's CPU (docs/performance.md). With this change, applied by
// server/framework-patches.mjs as turbo-stream's CommonJS build loads, `encode` starts on the
// first read: a page that is rendered reads it as before; a page served from the cache drops it
// unread. When the source is not what this expects (another version), it is left as it is and a
// warning says so: the app stays correct, only slower.
export const TURBO_STREAM = /[\\/]node_modules[\\/]turbo-stream[\\/]dist[\\/]turbo-stream\.js$/;

const ENCODE_BEFORE = "function encode(input, options) {\n";
const LAZY_ENCODE = `function encode(input, options) {
  let reader;
  return new ReadableStream(
    {
      async pull(controller) {
        reader ??= encodeAtOnce(input, options).getReader();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader?.cancel(reason);
      },
    },
    // No read ahead: nothing is encoded until a reader asks.
    { highWaterMark: 0 },
  );
}
function encodeAtOnce(input, options) {
`;

/** turbo-stream's source with a lazy `encode`, or null when it does not have the expected shape. */
export function withLazyEncode(source) {
  if (source.split(ENCODE_BEFORE).length !== 2) return null;
  return source.replace(ENCODE_BEFORE, LAZY_ENCODE);
}
