// Fails when two files under app/ share a base name across folders (docs/decisions/0012): a file's
// name says which file it is wherever it is read (a search, a stack trace, an import line). A rules
// file and its server operations share a name in one folder (`voucher.ts`, `voucher.server.ts`);
// routes (named by their URL), tests and the doors (index.ts, index.server.ts) are left out.
import { readdirSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const CODE = /\.(ts|tsx|js|mjs)$/;
const LEFT_OUT = [/^routes\//, /^generated\//, /\.test\.(ts|tsx)$/, /(^|\/)index(\.server)?\.ts$/];

/** The code files under appDir that must have a name of their own, as paths relative to it. */
export function readAppFiles(appDir) {
  return readdirSync(appDir, { recursive: true })
    .map((file) => file.split(sep).join("/"))
    .filter((file) => CODE.test(file) && !LEFT_OUT.some((pattern) => pattern.test(file)))
    .sort();
}

/** `booking/documents/voucher.server.ts` → `voucher`. */
export function baseName(file) {
  return file
    .split("/")
    .at(-1)
    .replace(CODE, "")
    .replace(/\.(server|client)$/, "");
}

/** Each base name found in more than one folder, with its files. */
export function sharedNames(files) {
  const byName = new Map();
  for (const file of files) byName.set(baseName(file), [...(byName.get(baseName(file)) ?? []), file]);
  return [...byName.entries()]
    .filter(([, named]) => new Set(named.map((file) => dirname(file))).size > 1)
    .map(([name, named]) => ({ name, files: named }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const appDir = join(dirname(fileURLToPath(import.meta.url)), "..", "app");
  const shared = sharedNames(readAppFiles(appDir));
  if (shared.length > 0) {
    for (const { name, files } of shared) console.error(`"${name}" names ${files.map((file) => `app/${file}`).join(", ")}`);
    console.error("Two files under app/ share a name across folders: rename one (docs/decisions/0012).");
    process.exit(1);
  }
  console.log("Every file under app/ has a name of its own.");
}
