import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/http/script-priority.server";

// The end of a page as React renders Remix's <Scripts>, with text in Bengali (multi-byte UTF-8).
const PAGE =
  '<p>ঢাকা থেকে কক্সবাজার</p><link rel="modulepreload" href="/build/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/build/_shared/chunk-B.js"/><script type="module" async="">import "/build/root-C.js";</script>' +
  '<link rel="icon" href="/favicon.svg"/>';

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(lowPriorityModulePreloads())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("module preloads at low priority", () => {
  it("marks every module preload, and nothing else, wherever the stream's chunks are cut", async () => {
    const expected = PAGE.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
    const bytes = Buffer.from(PAGE);
    expect(await through([bytes])).toBe(expected);
    // Every cut in two, and every byte a chunk of its own (a cut inside a Bengali letter, too).
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("passes a chunk on at once unless its end may start a preload", async () => {
    const stream = lowPriorityModulePreloads();
    const seen: string[] = [];
    stream.on("data", (chunk: Buffer) => seen.push(chunk.toString()));
    stream.write(Buffer.from("<main>first screen</main>"));
    stream.write(Buffer.from('<footer></footer><link rel="modu'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["<main>first screen</main>", "<footer></footer>"]);
    stream.end(Buffer.from('lepreload" href="/x.js"/>'));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(seen.join("")).toBe(
      '<main>first screen</main><footer></footer><link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    );
  });
});
