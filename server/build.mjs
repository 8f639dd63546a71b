// Loads the Remix server build for server/start.mjs, and in development (`npm run dev`, where
// `remix dev --manual` rebuilds on every edit) loads each new build without restarting the
// process, so the database and sessions stay up.
import { watch } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The build at buildPath; a new URL per modification, since import() caches by URL. */
export async function loadBuild(buildPath) {
  const { mtimeMs } = await stat(buildPath);
  return import(`${pathToFileURL(buildPath).href}?t=${mtimeMs}`);
}

/** A development build needs the dev server that made it; say what to do instead of crashing. */
export function assertRunnable(build) {
  if (build.mode !== "development" || process.env.REMIX_DEV_ORIGIN) return;
  console.error(
    "build/ holds a development build from `npm run dev`. Run `npm run build` for a production build, then `npm start` (or use `npm run dev`).",
  );
  process.exit(1);
}

/** Calls onBuild with each new build: remix dev writes version.txt last, after index.js. */
export function watchBuild(buildPath, onBuild) {
  const directory = path.dirname(buildPath);
  let timer;
  watch(directory, (_event, file) => {
    if (file !== "version.txt") return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      loadBuild(buildPath).then(onBuild, (error) => console.error(error));
    }, 50);
  });
}
