import { describe, expect, it } from "vitest";
import { MAX_BODY_DEPTH, nulMessage, scanForNul } from "~/platform/text";

describe("scanForNul", () => {
  it("finds U+0000 in any string, key or array item, at any depth, with its path", () => {
    const scan = scanForNul({ title: "ok", image: "/x\u0000.png", tags: ["a", "b\u0000"], nested: { deep: [{ "k\u0000": 1 }] } });
    expect(scan.tooDeep).toBe(false);
    expect(scan.nul.map((path) => path.join("."))).toEqual(expect.arrayContaining(["image", "tags.1", "nested.deep.0.k\u0000"]));
    expect(scan.nul).toHaveLength(3);
  });

  it("finds nothing in clean values of any type", () => {
    expect(scanForNul({ a: "text", b: 1, c: null, d: [true, { e: "é😀" }] })).toEqual({ nul: [], tooDeep: false });
    expect(scanForNul("plain")).toEqual({ nul: [], tooDeep: false });
  });

  it("stops at the depth bound instead of overflowing the stack: 30,000 nested arrays under 64 KB", () => {
    const text = `{"title":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
    expect(text.length).toBeLessThan(64 * 1024);
    expect(scanForNul(JSON.parse(text)).tooDeep).toBe(true);
    // A million levels, built without JSON: still no recursion.
    let deep: unknown = "\u0000";
    for (let level = 0; level < 1_000_000; level += 1) deep = [deep];
    expect(scanForNul({ deep }).tooDeep).toBe(true);
  });

  it("accepts nesting up to the bound", () => {
    let value: unknown = "x\u0000";
    for (let level = 1; level < MAX_BODY_DEPTH; level += 1) value = [value];
    const scan = scanForNul(value);
    expect(scan.tooDeep).toBe(false);
    expect(scan.nul).toHaveLength(1);
  });

  it("names the field in the message", () => {
    expect(nulMessage("image")).toBe('The field "image" contains an invisible control character (U+0000). Please remove it.');
  });
});
