// Remix matches every request against all of the app's routes twice (the server runtime, then its
// static handler), and @remix-run/router flattens and ranks the whole route tree and compiles a
// regular expression per route it tries, on every call: with this app's ~120 routes that was a
// third of the server's CPU on a page served from the render cache (docs/performance.md,
// "Profile"). The router has no option to keep that work, so server/framework-patches.mjs,
// imported by server/start.mjs before anything loads the router, adds memos to its CommonJS build
// as it loads, with this module: the matches per routes array and path (the 1,000 most recent paths), the ranked branches
// per routes array (the server's arrays are built once and never changed) and the compiled pattern
// per (path, case sensitivity, end). All are pure functions of their keys. When the router's source is not what this expects (another version), it is left as
// it is and a warning says so: the app stays correct, only slower.
export const ROUTER = /[\\/]node_modules[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.cjs\.js$/;

const IMPL_BEFORE = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {\n";
const BRANCHES_BEFORE = "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n";
const BRANCHES_AFTER = "  let branches = rankedBranchesOf(routes);\n";
const COMPILE_BEFORE = "function compilePath(path, caseSensitive, end) {\n";
const MATCHES_MEMO = `const matchesMemo = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const path = typeof locationArg === "string" ? locationArg : locationArg.pathname || "/";
  const key = (allowPartial ? "partial\\u0000" : "") + basename + "\\u0000" + path;
  let memo = matchesMemo.get(routes);
  if (!memo) matchesMemo.set(routes, (memo = new Map()));
  let matches = memo.get(key);
  if (matches === undefined) {
    matches = matchRoutesImplUncached(routes, locationArg, basename, allowPartial);
    // Paths are as many as the visitors make up: the most recent ones only.
    if (memo.size >= 1000) memo.delete(memo.keys().next().value);
    memo.set(key, matches);
  }
  // Each caller gets matches of its own (and params a loader may change).
  return matches && matches.map((match) => ({ ...match, params: { ...match.params } }));
}
function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {
`;
const MEMOS = `
const rankedBranchesMemo = new WeakMap();
function rankedBranchesOf(routes) {
  let branches = rankedBranchesMemo.get(routes);
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesMemo.set(routes, branches);
  }
  return branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    compiled = compilePathUncached(path, caseSensitive, end);
    // Route paths are few; a bound keeps odd callers (paths built from input) from growing it.
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`;

/** The router's source with the memos, or null when it does not have the expected shape. */
export function withRouteMatchMemos(source) {
  if ([IMPL_BEFORE, BRANCHES_BEFORE, COMPILE_BEFORE].some((part) => source.split(part).length !== 2)) return null;
  return source.replace(IMPL_BEFORE, MATCHES_MEMO).replace(BRANCHES_BEFORE, BRANCHES_AFTER).replace(COMPILE_BEFORE, MEMOS);
}
