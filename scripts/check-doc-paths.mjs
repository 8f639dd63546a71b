// Fails when a comment or a document names a path of the repository that does not exist (a file
// renamed or removed), or points outside the repository (docs/decisions/0012-module-layout.md). Paths
// are read in the Markdown files and in the comments of the code; a path may name a file by its
// beginning (`docs/decisions/0012`), a folder, or something the build makes (git-ignored).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const TOP = ["app", "docs", "scripts", "server", "tests", "prisma", "bench", "deploy", "public", "patches", ".ci"];
const PATH = new RegExp(
  `(?<![\\w./~@$-])((?:\\.{1,2}/)*(?:${TOP.join("|").replace(".", "\\.")})/[\\w./$@+\\-[\\]]*[\\w\\]])`,
  "g",
);
const OUTSIDE = /\.\.\/shared\b|\/work\/|(?<![\w/])shared\/(?:DESIGN|spec|tools)/;
const READ = /\.(md|ts|tsx|mjs|js|sh|yml)$/;
// docker-smoke.sh runs CI's machine tool, which lies beside the clone (left to the lead: issue 37);
// this check's own test names broken paths on purpose.
const SKIP = [
  /^app\/generated\//,
  /^tests\/support\/octo-spec\.gen\.ts$/,
  /^scripts\/docker-smoke\.sh$/,
  /^tests\/lint\/doc-paths\.unit\.test\.ts$/,
];

/** The text of `file` in which paths are read: all of a document, the comments of code. */
export function pathText(file, source) {
  if (file.endsWith(".md")) return source.split("\n");
  return source.split("\n").map((line) => {
    const start = line.search(/\/\/|^\s*\*|\/\*|^\s*#(?!!)/);
    return start < 0 ? "" : line.slice(start);
  });
}

/** Each path that is missing or outside, as `file:line: path (why)`, given the repository's files. */
export function brokenPaths(file, source, tracked, ignored = () => false) {
  const found = [];
  pathText(file, source).forEach((text, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(text)) found.push(`${where}: ${text.match(OUTSIDE)[0]} (outside the repository)`);
    for (const [, named] of text.matchAll(PATH)) {
      const path = named.replace(/\]+$/, "").replace(/\.$/, "");
      if (/[*{]/.test(path)) continue;
      const resolved = /^\.\.?\//.test(path) ? normalize(join(dirname(file), path)) : path;
      if (resolved.startsWith("..")) {
        found.push(`${where}: ${path} (outside the repository)`);
        continue;
      }
      const known = tracked.has(resolved) || [...tracked].some((one) => one.startsWith(resolved)) || ignored(resolved);
      if (!known) found.push(`${where}: ${path} (no such path)`);
    }
  });
  return found;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
  const tracked = new Set(git("ls-files", "--cached", "--others", "--exclude-standard").split("\n").filter(Boolean));
  const ignored = (path) => {
    try {
      return existsSync(join(root, path)) || git("check-ignore", "--no-index", path, `${path}/`) !== "";
    } catch {
      return false;
    }
  };
  const broken = [...tracked]
    .filter((file) => READ.test(file) && !SKIP.some((pattern) => pattern.test(file)) && existsSync(join(root, file)))
    .flatMap((file) => brokenPaths(relative(root, join(root, file)), readFileSync(join(root, file), "utf8"), tracked, ignored));
  if (broken.length > 0) {
    for (const line of broken) console.error(line);
    console.error("A comment or document names a path that is not in the repository: name the file as it is now.");
    process.exit(1);
  }
  console.log("Every path named in the comments and documents is in the repository.");
}
