// Fails when the top folders of app/ import each other in a cycle (docs/decisions/0012): ESLint's
// no-restricted-paths checks each direction, this checks that the directions still form no loop.
// The same inside a capability cut into sub-folders (booking/placing, booking/core, …): its
// sub-folders form no loop either. Test files are left out; each file at the top of the folder
// looked at (root.tsx, a capability's doors) is a node of its own.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** The non-test .ts/.tsx files under appDir, each with its import specifiers (`import type` too). */
export function readSources(appDir) {
  return readdirSync(appDir, { recursive: true })
    .map((file) => file.split(sep).join("/"))
    .filter((file) => SOURCE.test(file) && !TEST.test(file) && !file.startsWith("generated/"))
    .sort()
    .map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(join(appDir, file), "utf8"), true, true);
      return { file, imports: importedFiles.map((imported) => imported.fileName) };
    });
}

/**
 * Folder → folder edges between different folders, each with the first import that makes it: the
 * top folders of app/, or with `within` ("booking") the sub-folders of that folder, named
 * "booking/core" and so on, imports leaving it aside.
 */
export function folderEdges(sources, within = "") {
  const prefix = within ? `${within}/` : "";
  const inside = sources
    .filter(({ file }) => file.startsWith(prefix))
    .map((source) => ({ ...source, path: source.file.slice(prefix.length) }));
  const folders = new Set(inside.filter(({ path }) => path.includes("/")).map(({ path }) => path.split("/")[0]));
  const nodeOf = (path) => {
    const [first, ...rest] = path.split("/");
    return prefix + (rest.length > 0 || folders.has(first) ? first : first.replace(SOURCE, ""));
  };
  const edges = new Map();
  for (const { file, imports } of inside) {
    const from = nodeOf(file.slice(prefix.length));
    for (const specifier of imports) {
      let path;
      if (specifier.startsWith("~/")) path = specifier.slice(2);
      else if (specifier.startsWith(".")) path = posix.join(posix.dirname(file), specifier);
      else continue;
      if (within && path === within) path = `${prefix}index`; // its client door, ~/booking
      if (path.startsWith("..") || !path.startsWith(prefix)) continue;
      path = path.slice(prefix.length);
      const to = nodeOf(path);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `app/${file} imports "${specifier}"`);
    }
  }
  return edges;
}

/**
 * One cycle per knot of folders that reach each other (strongly connected component, Tarjan's
 * algorithm), as its edges: the shortest loop from the knot's first folder by name, and the knot.
 */
export function findCycles(edges) {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((to) => [...to.keys()])])].sort();
  const next = (node) => [...(edges.get(node)?.keys() ?? [])].sort();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const knots = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const knot = stack.splice(stack.indexOf(node));
      if (knot.length > 1) knots.push(knot.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);

  return knots
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((knot) => {
      // Breadth first from the knot's first folder, staying inside the knot, until it comes back.
      const start = knot[0];
      const cameFrom = new Map();
      const queue = [start];
      while (queue.length > 0 && !cameFrom.has(start)) {
        const node = queue.shift();
        for (const to of next(node)) {
          if (!knot.includes(to) || cameFrom.has(to)) continue;
          cameFrom.set(to, node);
          queue.push(to);
        }
      }
      const loop = [start];
      for (let node = cameFrom.get(start); node !== start; node = cameFrom.get(node)) loop.unshift(node);
      loop.unshift(start);
      const cycle = loop.slice(1).map((to, i) => ({ from: loop[i], to, example: edges.get(loop[i]).get(to) }));
      return { knot, cycle };
    });
}

/** The top folders of app/ that have sub-folders with code in them (booking). */
export function subFolderedFolders(sources) {
  return [
    ...new Set(
      sources
        .map(({ file }) => file.split("/"))
        .filter((parts) => parts.length > 2)
        .map(([first]) => first),
    ),
  ].sort();
}

export function describeCycles(cycles) {
  return cycles
    .map(({ knot, cycle }) =>
      [
        `Folder import cycle: ${[...cycle.map(({ from }) => from), cycle[0].from].join(" → ")}`,
        ...cycle.map(({ from, to, example }) => `  ${from} → ${to}: ${example}`),
        ...(knot.length > cycle.length ? [`  (these folders all reach each other: ${knot.join(", ")})`] : []),
      ].join("\n"),
    )
    .join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const appDir = join(dirname(fileURLToPath(import.meta.url)), "..", "app");
  const sources = readSources(appDir);
  const cycles = [
    ...findCycles(folderEdges(sources)),
    ...subFolderedFolders(sources).flatMap((folder) => findCycles(folderEdges(sources, folder))),
  ];
  if (cycles.length > 0) {
    console.error(describeCycles(cycles));
    console.error(
      "The folders of app/, and the sub-folders of each, must not import each other in a cycle (docs/decisions/0012).",
    );
    process.exit(1);
  }
  console.log("No import cycle between the folders of app/ nor between the sub-folders of one.");
}
