import { describe, expect, it } from "vitest";
import { expectedQrMatrix, qrMatrixOfSvg } from "../../tests/support/qr";
import { qrCodeSvg } from "./qr-code.server";

describe("qrCodeSvg", () => {
  it("draws exactly the modules of the text's QR code, with a quiet zone", () => {
    const svg = qrCodeSvg("TB-7K3P9Q", { title: "QR code of TB-7K3P9Q" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('viewBox="-4 -4 29 29"'); // version 1: 21 modules and 4 of white each side
    expect(qrMatrixOfSvg(svg)).toEqual(expectedQrMatrix("TB-7K3P9Q"));
    expect(qrMatrixOfSvg(svg)).not.toEqual(expectedQrMatrix("TB-7K3P9R"));
  });

  it("escapes its title", () => {
    expect(qrCodeSvg("x", { title: `a "b" <c> & d` })).toContain('aria-label="a &#34;b&#34; &#60;c&#62; &#38; d"');
  });
});
