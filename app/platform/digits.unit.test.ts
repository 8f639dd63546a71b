import { describe, expect, it } from "vitest";
import { toAsciiDigits } from "~/platform/digits";

describe("toAsciiDigits", () => {
  it("reads Bengali digits as ASCII and keeps everything else", () => {
    expect(toAsciiDigits("০১৭১১-২৩৪৫৬৭")).toBe("01711-234567");
    expect(toAsciiDigits("৳৫,৫০০ জন প্রতি")).toBe("৳5,500 জন প্রতি");
    expect(toAsciiDigits("TX9ab")).toBe("TX9ab");
  });
});
