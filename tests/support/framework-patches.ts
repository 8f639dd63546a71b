// The framework patches of patches/ (patch-package, applied at `postinstall`), read for tests: which
// package and version each patch is for, the installed (patched) text of each file it changes,
// and that text with the patch taken back out, so a test can run the framework both ways.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");
export const PATCHES_DIR = join(ROOT, "patches");

interface Hunk {
  /** The lines the patch replaced, with their context. */
  before: string;
  /** The lines the patch wrote, with the same context. */
  after: string;
}

export interface PatchedFile {
  /** Absolute path of the installed file. */
  path: string;
  /** The installed text. */
  installed: string;
  hunks: Hunk[];
}

export interface FrameworkPatch {
  file: string;
  /** The package, as npm names it (`@remix-run/router`). */
  name: string;
  /** The version the patch was written against (from the file name, as patch-package reads it). */
  version: string;
  files: PatchedFile[];
}

/** Every patch file in patches/, parsed (`@remix-run+router+1.23.3.patch`: package, version). */
export function frameworkPatches(): FrameworkPatch[] {
  return readdirSync(PATCHES_DIR)
    .filter((file) => file.endsWith(".patch"))
    .sort()
    .map((file) => {
      const match = /^(.+)\+([^+]+)\.patch$/.exec(file);
      if (!match) throw new Error(`patches/${file}: not named package+version.patch`);
      return {
        file,
        name: match[1].replace("+", "/"),
        version: match[2],
        files: parse(readFileSync(join(PATCHES_DIR, file), "utf8")),
      };
    });
}

export function frameworkPatch(name: string): FrameworkPatch {
  const found = frameworkPatches().find((patch) => patch.name === name);
  if (!found) throw new Error(`no patch for ${name} in patches/`);
  return found;
}

export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** Hunks of `file` not found, exactly once, in its installed text: none when the patch is applied. */
export function missingHunks(file: PatchedFile): Hunk[] {
  return file.hunks.filter((hunk) => file.installed.split(hunk.after).length !== 2);
}

/** The file as the package ships it: the installed text with each hunk taken back out. */
export function unpatched(file: PatchedFile): string {
  if (missingHunks(file).length > 0) throw new Error(`${file.path}: the patch is not applied`);
  return file.hunks.reduce((text, hunk) => text.replace(hunk.after, () => hunk.before), file.installed);
}

export function patchedFile(patch: FrameworkPatch, suffix: string): PatchedFile {
  const found = patch.files.find((file) => file.path.endsWith(suffix));
  if (!found) throw new Error(`patches/${patch.file} changes no file ending in ${suffix}`);
  return found;
}

function parse(text: string): PatchedFile[] {
  const files: PatchedFile[] = [];
  let hunk: Hunk | null = null;
  const lines = text.split("\n");
  for (const [index, line] of lines.entries()) {
    const header = /^diff --git a\/(\S+) b\/\S+$/.exec(line);
    if (header) {
      const path = join(ROOT, header[1]);
      files.push({ path, installed: readFileSync(path, "utf8"), hunks: [] });
      hunk = null;
    } else if (line.startsWith("@@ ")) {
      hunk = { before: "", after: "" };
      files.at(-1)!.hunks.push(hunk);
    } else if (hunk && line.startsWith("\\")) {
      // "\ No newline at end of file": the line before ends the file.
      if (lines[index - 1].startsWith("-") || lines[index - 1].startsWith(" ")) hunk.before = hunk.before.slice(0, -1);
      if (lines[index - 1].startsWith("+") || lines[index - 1].startsWith(" ")) hunk.after = hunk.after.slice(0, -1);
    } else if (hunk && /^[ +-]/.test(line)) {
      const body = line.slice(1) + "\n";
      if (line[0] !== "+") hunk.before += body;
      if (line[0] !== "-") hunk.after += body;
    } else if (hunk && line === "" && index < lines.length - 1) {
      // An empty context line (some tools drop its leading space).
      hunk.before += "\n";
      hunk.after += "\n";
    }
  }
  return files;
}
