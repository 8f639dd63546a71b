// Two changes to the framework's own code that make a cached page cheap (docs/performance.md),
// applied by a module load hook as the packages' CommonJS builds load: server/start.mjs imports
// this module before anything loads them. Each checks the source has the shape it expects; another
// version is left as it is, with a warning: the app stays correct, only slower. Recheck both on
// every Remix upgrade.
import nodeModule from "node:module";
import { TURBO_STREAM, withLazyEncode } from "./lazy-turbo-stream.mjs";
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
