import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { scriptAfterLoad, scriptsAfterLoad } from "~/http/scripts-after-load.server";

// The inline module script as Remix 2.17's <Scripts> writes it (lazy route discovery, production).
const MANIFEST = `window.__remixManifest = {
  "entry": {
    "module": "/build/entry.client-E.js",
    "imports": [
      "/build/_shared/chunk-F.js",
      "/build/_shared/chunk-G.js"
    ]
  },
  "routes": {
    "root": {
      "id": "root",
      "module": "/build/root-R.js",
      "imports": [
        "/build/_shared/chunk-H.js"
      ]
    },
    "routes/services": {
      "id": "routes/services",
      "parentId": "root",
      "module": "/build/routes/services-S.js"
    }
  },
  "version": "abc"
};`;
const MODULE_SCRIPT = `;
import * as route0 from "/build/root-R.js";
import * as route1 from "/build/routes/services-S.js";
${MANIFEST}
window.__remixRouteModules = {"root":route0,"routes/services":route1};

import("/build/entry.client-E.js");`;

// The end of a page: Bengali text (multi-byte UTF-8), the preloads, the context script, the module script.
const PAGE =
  '<p>ঢাকা থেকে কক্সবাজার</p><link rel="modulepreload" href="/build/entry.client-E.js"/>' +
  '<link rel="modulepreload" href="/build/_shared/chunk-F.js"/><script nonce="n">window.__remixContext = {};</script>' +
  `<script nonce="n" type="module" async="">${MODULE_SCRIPT}</script><script nonce="n">window.__remixContext.streamController.close();</script>`;

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterLoad())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

/** Runs a rewritten script with `import()` recorded, and what it leaves on the window. */
async function runInPage(script: string, readyState: "loading" | "complete") {
  const steps: string[] = [];
  const head: { rel: string; href: string }[] = [];
  let onLoad: (() => void) | undefined;
  const window = {} as { __remixManifest?: unknown; __remixRouteModules?: Record<string, unknown> };
  const document = {
    readyState,
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
    createElement: () => ({}),
  };
  const load = async (url: string) => {
    steps.push(`import ${url}${window.__remixRouteModules ? " (route modules set)" : ""}`);
    return { url };
  };
  const addEventListener = (type: string, listener: () => void) => {
    steps.push(`listen ${type}`);
    onLoad = listener;
  };
  const run = new Function("window", "document", "addEventListener", "load", script.replaceAll("import(", "load("));
  run(window, document, addEventListener, load);
  onLoad?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { steps, preloads: head.map((link) => `${link.rel} ${link.href}`), window };
}

describe("Remix's module script, loading after the page", () => {
  it("keeps the manifest, and on load preloads every file, then imports the framework, each route, the entry", async () => {
    const script = scriptAfterLoad(MODULE_SCRIPT);
    expect(script).not.toBeNull();
    expect(script).toContain(MANIFEST);
    expect(script).not.toMatch(/^import /m);
    const { steps, preloads, window } = await runInPage(script!, "loading");
    // Each file evaluated in a task of its own; the route modules then read again (from the module map).
    expect(steps).toEqual([
      "listen load",
      "import /build/_shared/chunk-F.js",
      "import /build/_shared/chunk-G.js",
      "import /build/_shared/chunk-H.js",
      "import /build/root-R.js",
      "import /build/routes/services-S.js",
      "import /build/root-R.js",
      "import /build/routes/services-S.js",
      "import /build/entry.client-E.js (route modules set)",
    ]);
    expect(preloads).toEqual(
      ["_shared/chunk-F", "_shared/chunk-G", "_shared/chunk-H", "root-R", "routes/services-S", "entry.client-E"].map(
        (file) => `modulepreload /build/${file}.js`,
      ),
    );
    expect(window.__remixRouteModules).toEqual({
      root: { url: "/build/root-R.js" },
      "routes/services": { url: "/build/routes/services-S.js" },
    });
  });

  it("starts at once when the page has loaded already", async () => {
    const { steps } = await runInPage(scriptAfterLoad(MODULE_SCRIPT)!, "complete");
    expect(steps[0]).toBe("import /build/_shared/chunk-F.js");
    expect(steps).toHaveLength(8);
  });

  it("leaves any other shape as it is (the development server's, another version's)", () => {
    expect(scriptAfterLoad(MODULE_SCRIPT.replace(";\n", 'import "/build/hmr-runtime.js";\n'))).toBeNull();
    expect(scriptAfterLoad(MODULE_SCRIPT.replace('"root":route0', '"root":route7'))).toBeNull();
    expect(scriptAfterLoad(`${MODULE_SCRIPT}\nconsole.log(1);`)).toBeNull();
  });
});

describe("the page's stream", () => {
  it("makes the preloads inert and rewrites the module script, wherever the stream's chunks are cut", async () => {
    const expected = PAGE.replaceAll('<link rel="modulepreload" href=', '<link rel="x-modulepreload" href=').replace(
      MODULE_SCRIPT,
      scriptAfterLoad(MODULE_SCRIPT)!,
    );
    const bytes = Buffer.from(PAGE);
    expect(await through([bytes])).toBe(expected);
    // Every cut in two, and every byte a chunk of its own (a cut inside a Bengali letter, too).
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("passes a chunk on at once unless its end may start a preload or the module script", async () => {
    const stream = scriptsAfterLoad();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString()));
    stream.write(Buffer.from("<main>first screen</main>"));
    stream.write(Buffer.from('<footer></footer><link rel="modu'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["<main>first screen</main>", "<footer></footer>"]);
    stream.end(Buffer.from('lepreload" href="/x.js"/>'));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen.join("")).toBe('<main>first screen</main><footer></footer><link rel="x-modulepreload" href="/x.js"/>');
  });

  it("gives back a page cut short inside the module script as it came", async () => {
    const cut = PAGE.slice(0, PAGE.indexOf("window.__remixRouteModules"));
    expect(await through([Buffer.from(cut)])).toBe(
      cut.replaceAll('<link rel="modulepreload" href=', '<link rel="x-modulepreload" href='),
    );
  });
});
