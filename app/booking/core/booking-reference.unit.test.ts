import { describe, expect, it } from "vitest";
import { newReference, REFERENCE_ALPHABET, referenceSearchPrefix } from "~/booking/core/booking-reference";

describe("booking references", () => {
  it("are TB- and 6 symbols without look-alikes", () => {
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 200; i++) expect(newReference()).toMatch(/^TB-[2-9A-HJKMNP-Z]{6}$/);
  });
  it("use every symbol of the alphabet, drawn by the picker", () => {
    let next = 0;
    const picks = Array.from({ length: 36 }, () => newReference(() => next++ % 31).slice(3)).join("");
    expect(new Set(picks).size).toBe(31);
    expect(newReference(() => 0)).toBe("TB-222222");
    expect(newReference((n) => n - 1)).toBe("TB-ZZZZZZ");
  });
  it("are searched by their start, in any case, with or without TB-", () => {
    expect(referenceSearchPrefix("tb-7k3p9q")).toBe("TB-7K3P9Q");
    expect(referenceSearchPrefix("TB7K3")).toBe("TB-7K3");
    expect(referenceSearchPrefix(" 7k3 ")).toBe("TB-7K3");
    expect(referenceSearchPrefix("TB-")).toBeNull();
    expect(referenceSearchPrefix("7K3P9QX")).toBeNull();
    expect(referenceSearchPrefix("rina@example.com")).toBeNull();
    expect(referenceSearchPrefix("O1L")).toBeNull();
  });
});
