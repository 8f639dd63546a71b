// patches/turbo-stream+*.patch: the installed turbo-stream's `encode` does no work until the
// stream is read, and what it then writes decodes to the same data as the original's (the shipped
// source: the patch taken back out), deferred values included.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { frameworkPatch, missingHunks, patchedFile, unpatched } from "../support/framework-patches";

const require = createRequire(import.meta.url);
// The turbo-stream Remix's server runtime loads (the app does not depend on it by name).
const fromRemix = createRequire(require.resolve("@remix-run/server-runtime"));
const TURBO_STREAM_PATH = fromRemix.resolve("turbo-stream");
const file = patchedFile(frameworkPatch("turbo-stream"), "/dist/turbo-stream.js");
const requireNextTo = createRequire(TURBO_STREAM_PATH);

interface TurboStream {
  encode(input: unknown, options?: object): ReadableStream<Uint8Array>;
  decode(stream: ReadableStream<Uint8Array>): Promise<{ value: unknown; done: Promise<void> }>;
}

function evaluate(code: string): TurboStream {
  const module = { exports: {} };
  new Function("exports", "require", "module", code)(module.exports, requireNextTo, module);
  return module.exports as TurboStream;
}

const original = evaluate(unpatched(file));
const lazy = requireNextTo(TURBO_STREAM_PATH) as TurboStream;

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("turbo-stream's encode, started on the first read", () => {
  it("is in the turbo-stream Remix loads", () => {
    expect(TURBO_STREAM_PATH).toBe(file.path);
    expect(missingHunks(file)).toEqual([]);
  });

  it("reads nothing of the data until the stream is read", async () => {
    let reads = 0;
    const data = {
      get loaderData() {
        reads += 1;
        return { root: { user: null } };
      },
    };
    const stream = lazy.encode(data);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(0);
    expect(await text(stream)).toContain("loaderData");
    expect(reads).toBe(1);
    // The original reads it at once.
    original.encode(data);
    expect(reads).toBe(2);
  });

  it("writes what the original writes, deferred values included", async () => {
    const data = () => ({
      loaderData: { root: { user: { email: "a@x.test" }, when: new Date("2026-11-27T10:00:00Z") }, page: [1, "two", null] },
      later: Promise.resolve({ seats: 3 }),
    });
    expect(await text(lazy.encode(data()))).toBe(await text(original.encode(data())));
    const decoded = await lazy.decode(lazy.encode(data()));
    const value = decoded.value as { loaderData: unknown; later: Promise<unknown> };
    expect(value.loaderData).toEqual(data().loaderData);
    expect(await value.later).toEqual({ seats: 3 });
  });

  it("passes a failure of the data on to the reader", async () => {
    const stream = lazy.encode({
      get broken() {
        throw new Error("broken getter");
      },
    });
    await expect(text(stream)).rejects.toThrow("broken getter");
  });
});
