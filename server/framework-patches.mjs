// Changes to the framework's own code, applied by a module load hook as the packages' CommonJS builds load: server/start.mjs imports
// this module before anything loads them: two make a cached page cheap (docs/performance.md), one
// stops React's stream from sending NUL bytes inside Bengali text (server/react-stream-bytes.mjs).
// Each checks the source has the shape it expects; another version is left as it is, with a
// warning. Recheck them on every Remix or React upgrade.
import nodeModule from "node:module";
import { TURBO_STREAM, withLazyEncode } from "./lazy-turbo-stream.mjs";
import { REACT_DOM_SERVER, withWholeCharacters } from "./react-stream-bytes.mjs";
import { ROUTER, withRouteMatchMemos } from "./route-match-cache.mjs";

const PATCHES = [
  {
    file: ROUTER,
    patch: withRouteMatchMemos,
    unpatched: "@remix-run/router is not the expected version; routes are matched without memos",
  },
  {
    file: TURBO_STREAM,
    patch: withLazyEncode,
    unpatched: "turbo-stream is not the expected version; loader data is encoded for every page",
  },
  {
    file: REACT_DOM_SERVER,
    patch: withWholeCharacters,
    unpatched: "react-dom is not the expected version; its pages may hold NUL bytes where Bengali text meets a 2 KB chunk",
  },
];

const warned = new Set();

// Node 22.15 and later (module.registerHooks); older versions run the packages as they are.
nodeModule.registerHooks?.({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    const found = PATCHES.find(({ file }) => file.test(url));
    if (!found || loaded.source == null) return loaded;
    const patched = found.patch(String(loaded.source));
    if (patched !== null) return { ...loaded, source: patched };
    if (!warned.has(found)) console.warn(`framework-patches: ${found.unpatched}`);
    warned.add(found);
    return loaded;
  },
});
