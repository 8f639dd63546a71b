// The figures of booking/'s layout (docs/decisions/0012-module-layout.md): its files and lines, the
// imports between its files, the names through its doors, and how its sub-folders import each
// other: the back-arrows (imports from core/ into an operation, against the direction) and the knots
// (sub-folders that reach each other, with the imports that tie them). Tests are counted apart.
//
//   node scripts/booking-import-figures.mjs           today's tree
//   node scripts/booking-import-figures.mjs <commit>  a past commit, each file put in the sub-folder
//                                                     git's rename detection finds it in today
//
// It also measures the cut "by flow alone": the same files without a core, each shared file placed
// in the operation that imports it most, to show the knot that the core prevents.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { findCycles } from "./check-module-cycles.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
const DOOR = /^index(\.server)?\.ts$/;
const CORE = "core";

const git = (...args) => execFileSync("git", args, { cwd: REPO, encoding: "utf8", maxBuffer: 1 << 26 });

/** booking/'s .ts/.tsx files as { file (relative to app/booking), text }, today or at a commit. */
function readBooking(commit) {
  if (!commit) {
    const dir = join(REPO, "app/booking");
    return readdirSync(dir, { recursive: true })
      .map((file) => file.split(sep).join("/"))
      .filter((file) => SOURCE.test(file))
      .map((file) => ({ file, text: readFileSync(join(dir, file), "utf8") }));
  }
  return git("ls-tree", "-r", "--name-only", commit, "app/booking/")
    .split("\n")
    .filter((path) => SOURCE.test(path))
    .map((path) => ({ file: path.slice("app/booking/".length), text: git("show", `${commit}:${path}`) }));
}

/** Where each file of a commit is today (git's rename detection), relative to app/booking. */
function placesToday(commit) {
  const places = new Map();
  for (const line of git("diff", "--name-status", "-M", commit, "HEAD", "--", "app/booking/").split("\n")) {
    const [status, from, to] = line.split("\t");
    if (status?.startsWith("R")) places.set(from.slice("app/booking/".length), to.slice("app/booking/".length));
  }
  return places;
}

/** Each import of a booking file that lands on a booking file, as { from, to } file names. */
function bookingImports(files) {
  const known = new Set(files.map(({ file }) => file));
  const resolve = (path) => [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((candidate) => known.has(candidate)) ?? null;
  const imports = [];
  for (const { file, text } of files) {
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      let path;
      if (specifier === "~/booking") path = "index";
      else if (specifier.startsWith("~/booking/")) path = specifier.slice("~/booking/".length);
      else if (specifier.startsWith(".")) path = posix.join(posix.dirname(file), specifier);
      else continue;
      const to = resolve(path);
      if (to) imports.push({ from: file, to });
    }
  }
  return imports;
}

const folderOf = (file) => (file.includes("/") ? file.split("/")[0] : "(doors)");

/** How the folders import each other, for files placed by `placeOf`. */
function folderFigures(imports, placeOf) {
  const edges = new Map();
  const counts = new Map();
  let fromCore = 0;
  for (const { from, to } of imports) {
    const [a, b] = [folderOf(placeOf(from)), folderOf(placeOf(to))];
    if (a === b || a === "(doors)") continue;
    if (a === CORE) fromCore++;
    if (!edges.has(a)) edges.set(a, new Map());
    edges.get(a).set(b, `${from} → ${to}`);
    counts.set(`${a}→${b}`, (counts.get(`${a}→${b}`) ?? 0) + 1);
  }
  const knots = findCycles(edges).map(({ knot }) => knot);
  const inKnot = (a, b) => knots.some((knot) => knot.includes(a) && knot.includes(b));
  const tied = [...counts.entries()].filter(([pair]) => inKnot(...pair.split("→"))).reduce((sum, [, count]) => sum + count, 0);
  const edgeCount = [...edges.values()].reduce((sum, to) => sum + to.size, 0);
  return { edgeCount, fromCore, knots, tied };
}

/** The cut by flow alone: each core file placed in the operation that imports it most. */
function flowAlonePlaces(imports, placeOf) {
  const places = new Map();
  const isCore = (file) => folderOf(placeOf(file)) === CORE;
  const coreFiles = [...new Set(imports.flatMap(({ from, to }) => [from, to]))].filter(isCore).sort();
  for (let round = 0; round < coreFiles.length; round++) {
    for (const file of coreFiles.filter((file) => !places.has(file))) {
      const votes = new Map();
      for (const { from, to } of imports) {
        if (to !== file || from === file) continue;
        const folder = places.get(from) ?? (isCore(from) ? null : folderOf(placeOf(from)));
        if (folder && folder !== "(doors)") votes.set(folder, (votes.get(folder) ?? 0) + 1);
      }
      const [best] = [...votes.entries()].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
      if (best) places.set(file, best[0]);
    }
  }
  // A core file that no operation uses (only the doors do) is a folder of its own.
  return (file) => (places.has(file) ? `${places.get(file)}/${file}` : isCore(file) ? `(${file})/${file}` : placeOf(file));
}

function doorNames(files) {
  let names = 0;
  for (const { file, text } of files.filter(({ file }) => DOOR.test(file))) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        names += statement.exportClause.elements.length;
      }
    }
  }
  return names;
}

export function figures(commit) {
  const files = readBooking(commit);
  const places = commit ? placesToday(commit) : new Map();
  const placeOf = (file) => places.get(file) ?? file;
  const code = files.filter(({ file }) => !TEST.test(file));
  const lines = (list) => list.reduce((sum, { text }) => sum + text.split("\n").length - (text.endsWith("\n") ? 1 : 0), 0);
  const imports = bookingImports(code);
  const internal = imports.filter(({ from }) => !DOOR.test(from));
  const folders = new Set(code.map(({ file }) => folderOf(file)).filter((folder) => folder !== "(doors)"));
  return {
    files: code.length,
    testFiles: files.length - code.length,
    lines: lines(code),
    testLines: lines(files) - lines(code),
    folders: folders.size,
    internalImports: internal.length,
    doorImports: imports.length - internal.length,
    doorNames: doorNames(code),
    byTodaysFolders: folderFigures(internal, placeOf),
    byFlowAlone: folderFigures(internal, flowAlonePlaces(internal, placeOf)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const commit = process.argv[2];
  const f = figures(commit);
  const describe = ({ edgeCount, fromCore, knots, tied }) =>
    `${edgeCount} folder→folder edges, ${fromCore} back-arrows (imports from core into an operation), ` +
    (knots.length === 0
      ? "no knot"
      : `${knots.map((knot) => `a knot of ${knot.length} folders (${knot.join(", ")})`).join("; ")} tying ${tied} imports`);
  console.log(`booking/ ${commit ? `at ${commit}` : "today"}`);
  console.log(
    `  ${f.files} files (${f.lines} lines) and ${f.testFiles} test files (${f.testLines} lines), ${f.folders} sub-folders`,
  );
  console.log(
    `  ${f.internalImports} imports between its files, ${f.doorImports} from its doors, ${f.doorNames} names through its doors`,
  );
  console.log(`  in today's sub-folders: ${describe(f.byTodaysFolders)}`);
  console.log(`  by flow alone (no core): ${describe(f.byFlowAlone)}`);
}
