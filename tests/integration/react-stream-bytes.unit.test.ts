// patches/react-dom+*.patch: React 18.3's streamed page, as installed, gives back text of 2, 3 and
// 4 bytes a character (Bengali, a decomposed "é", emoji with ZWJ) byte for byte wherever it meets
// the renderer's 2 KB views; React as shipped (the patch taken back out) sends NUL bytes where a
// character did not fit (facebook/react#31134, fixed in React 19).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { frameworkPatch, missingHunks, patchedFile, unpatched } from "../support/framework-patches";

const require = createRequire(import.meta.url);
const REACT_DOM = dirname(require.resolve("react-dom/package.json"));
const BUILDS = ["production.min", "development"].map((build) => join(REACT_DOM, `cjs/react-dom-server.node.${build}.js`));
const patch = frameworkPatch("react-dom");

interface Server {
  renderToPipeableStream(
    element: unknown,
    options: { onAllReady(): void; onError(error: unknown): void },
  ): { pipe(destination: NodeJS.WritableStream): void };
}

function evaluate(path: string, code: string): Server {
  const module = { exports: {} };
  new Function("exports", "require", "module", "process", code)(module.exports, createRequire(path), module, process);
  return module.exports as Server;
}

const TEXTS = ["সাদিয়া উদ্দিন", "মোঃ আব্দুর রহমান", "Rene\u0301e D'Costa", "👨‍👩‍👧‍👦 🇧🇩 naïve", "Ωμέγα"];

/** A page of many short texts (inputs' values, as a form sent back): each a chunk of its own. */
function page() {
  const items = Array.from({ length: 300 }, (_, index) =>
    createElement("input", { key: index, name: `t${index}`, defaultValue: TEXTS[index % TEXTS.length] }),
  );
  return createElement("form", null, items);
}

async function render(server: Server): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = server.renderToPipeableStream(page(), {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(body);
      },
      onError: reject,
    });
  });
}

describe.each(BUILDS)("React's streamed page, %s", (path) => {
  const file = patchedFile(patch, path.slice(REACT_DOM.length));

  it("is patched as installed", () => {
    expect(missingHunks(file)).toEqual([]);
  });

  it("sends every character whole, wherever a 2 KB view ends", async () => {
    const bytes = await render(require(path) as Server);
    expect(bytes.includes(0)).toBe(false);
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    for (const [index] of Array.from({ length: 300 }).entries()) {
      expect(html).toContain(`name="t${index}" value="${TEXTS[index % TEXTS.length].replace("'", "&#x27;")}"`);
    }
  });

  it("sent NUL bytes without the patch", async () => {
    expect((await render(evaluate(path, unpatched(file)))).includes(0)).toBe(true);
  });
});
