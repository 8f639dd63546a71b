import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packageSchema } from "~/catalogue/packages";
import { isImageUrl } from "~/platform/image-urls";

describe("isImageUrl", () => {
  it.each([
    "/images/tours/sajek.svg",
    "/x.png?v=2#top",
    "/",
    "https://i.ibb.co/abc/tour.jpg",
    "http://example.com/a.png",
    "HTTPS://EXAMPLE.COM/A.PNG",
  ])("accepts %j", (value) => {
    expect(isImageUrl(value)).toBe(true);
  });

  it.each([
    "/\\evil.example/x.png",
    "//evil.example/x.png",
    "/\t/evil.example/x.png",
    "/\n/evil.example/x.png",
    "/\r\\evil.example/x.png",
    "/images\\..\\..\\/evil",
    "/x.png\\",
    "\\\\evil.example/x.png",
    "/\u0000x.png",
    "/x\u007f.png",
    "/x\u0085.png",
    "https://example.com/a b.png",
    "https:\\\\evil.example/x.png",
    "https:/evil.example/x.png",
    "http://",
    "javascript:alert(1)",
    "data:image/svg+xml,<svg/onload=alert(1)>",
    "images/x.png",
    "ftp://example.com/x.png",
    "",
  ])("refuses %j", (value) => {
    expect(isImageUrl(value)).toBe(false);
  });

  it("never lets a site path load from another host, as a browser resolves it (fast-check)", () => {
    const parts = fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "\t",
      "\n",
      "\r",
      " ",
      "%2f",
      "%5c",
      "evil.example",
      "x.png",
      ":",
      "@",
      "\u0000",
    );
    fc.assert(
      fc.property(
        fc.array(parts, { maxLength: 8 }).map((p) => p.join("")),
        (value) => {
          if (!isImageUrl(value) || /^https?:/i.test(value)) return;
          // What an <img src> resolves to on a page of the site (the WHATWG parser strips tabs and newlines).
          expect(new URL(value, "http://site.example/dashboard/page").origin).toBe("http://site.example");
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("packageSchema image", () => {
  const product = { title: "Sajek Valley", cost: "150", description: "Clouds at sunrise." };

  it("keeps a good image, trimmed", () => {
    expect(packageSchema.parse({ ...product, image: "  /images/tours/x.svg " }).image).toBe("/images/tours/x.svg");
  });

  it("refuses a site path that leaves the site, with the form's message", () => {
    const result = packageSchema.safeParse({ ...product, image: "/\\evil.example/x.png" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["image"],
      message: expect.stringMatching(/http\(s\) URL or a path on this site/),
    });
  });
});
