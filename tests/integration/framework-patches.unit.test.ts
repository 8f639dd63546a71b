// patches/: each framework patch is for the version installed and is applied (patch-package at
// `postinstall`, which fails the install when one does not apply). A Remix, React or turbo-stream
// upgrade fails here until its patch is rewritten for the new version or dropped. What each patch
// does is tested beside it: route-match-cache, lazy-turbo-stream, react-stream-bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { frameworkPatches, installedVersion, missingHunks, ROOT } from "../support/framework-patches";

const patches = frameworkPatches();

describe("framework patches", () => {
  it("are the ones docs/performance.md measures", () => {
    expect(patches.map(({ name }) => name)).toEqual(["@remix-run/router", "react-dom", "turbo-stream"]);
  });

  describe.each(patches)("$file", (patch) => {
    it("is for the installed version", () => {
      expect(installedVersion(patch.name)).toBe(patch.version);
    });

    it("is applied to every file it changes", () => {
      expect(patch.files.length).toBeGreaterThan(0);
      for (const file of patch.files) {
        expect(file.hunks.length, file.path).toBeGreaterThan(0);
        expect(missingHunks(file), `${file.path}: run npx patch-package`).toEqual([]);
      }
    });
  });

  it("are applied at install, failing it when one does not apply, also in the image", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.scripts.postinstall).toMatch(/^patch-package --error-on-fail --error-on-warn && /);
    expect(manifest.devDependencies["patch-package"]).toMatch(/^\d+\.\d+\.\d+$/);
    const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
    const copied = dockerfile.indexOf("COPY patches ./patches");
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThan(dockerfile.indexOf("RUN npm ci"));
  });
});
