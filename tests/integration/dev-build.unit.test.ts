// server/build.mjs: `npm start` on a development build stops with advice, and `npm run dev`'s
// rebuilds are loaded into the running server.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadBuild, watchBuild } from "../../server/build.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function buildDirectory(source: string): string {
  const directory = mkdtempSync(join(tmpdir(), "tour-booking-build-"));
  writeFileSync(join(directory, "index.js"), source);
  return directory;
}

describe("server build loading", () => {
  it("refuses a development build without the dev server, saying to run npm run build", () => {
    const directory = buildDirectory(`export const mode = "development"; export const entry = { module: {} };`);
    const env: NodeJS.ProcessEnv = { ...process.env, BUILD_PATH: join(directory, "index.js") };
    delete env.REMIX_DEV_ORIGIN;
    const run = spawnSync(process.execPath, ["server/start.mjs"], { cwd: ROOT, env, encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Run `npm run build`");
    expect(run.stderr).not.toContain("Dev server origin not set");
  });

  it("loads each new build after version.txt is written", async () => {
    const directory = buildDirectory(`export const version = 1;`);
    const buildPath = join(directory, "index.js");
    expect((await loadBuild(buildPath)).version).toBe(1);
    const loaded = new Promise<{ version: number }>((done) => watchBuild(buildPath, done));
    await new Promise((wait) => setTimeout(wait, 50));
    // A later modification time than the first load, as a rebuild has.
    await new Promise((wait) => setTimeout(wait, 20));
    writeFileSync(buildPath, `export const version = 2;`);
    writeFileSync(join(directory, "version.txt"), "2");
    expect((await loaded).version).toBe(2);
  });
});
