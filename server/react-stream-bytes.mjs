// React 18.3's streaming renderer (renderToPipeableStream, what app/entry.server.tsx renders every
// page with) copies its text into 2,048-byte views with TextEncoder.encodeInto. When the next
// character is 2 to 4 bytes long and does not fit in the last bytes of a view, encodeInto stops
// short, and React sends the whole view anyway: the unwritten bytes at its end go out as U+0000.
// Bengali takes 3 bytes a letter, so a page with a few Bengali names (a checkout sent back with an
// error) came back with a NUL inside a name, which the next submit refused (issue 35 item 18;
// facebook/react#31134, fixed in React 19). This change, applied by server/framework-patches.mjs as
// react-dom's server build loads, sends only the bytes written. When the source is not what this
// expects (another version), it is left as it is and a warning says so.
export const REACT_DOM_SERVER =
  /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production\.min|development)\.js$/;

const FIXES = [
  // The production build (minified: k is the view, l the bytes written in it, t writes a chunk).
  ["d<b.length&&(t(a,k),k=new Uint8Array(2048)", "d<b.length&&(t(a,k.subarray(0,l)),k=new Uint8Array(2048)"],
  // The development build (what tests load).
  [
    "if (read < stringChunk.length) {\n    writeToDestination(destination, currentView);\n",
    "if (read < stringChunk.length) {\n    writeToDestination(destination, currentView.subarray(0, writtenBytes));\n",
  ],
];

/** react-dom's server source sending only the bytes each view holds, or null when it does not have the expected shape. */
export function withWholeCharacters(source) {
  const fix = FIXES.find(([before]) => source.split(before).length === 2);
  return fix ? source.replace(fix[0], fix[1]) : null;
}
