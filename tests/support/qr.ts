// Reads back the QR codes the site draws (app/platform/qr-code.server.ts): the dark modules of the
// SVG's path as a matrix, to compare with uqr's own encoding of what the code should say.
import { encode } from "uqr";

/** The modules an SVG QR code draws (its path's "M x y h1v1h-1z" squares), as rows of booleans. */
export function qrMatrixOfSvg(svg: string): boolean[][] {
  const viewBox = /viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/.exec(svg);
  const path = /<path[^>]* d="([^"]*)"/.exec(svg);
  if (!viewBox || !path) throw new Error("not a QR code SVG");
  const quietZone = -Number(viewBox[1]);
  const size = Number(viewBox[3]) - 2 * quietZone;
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const [, x, y] of path[1].matchAll(/M(\d+) (\d+)h1v1h-1z/g)) matrix[Number(y)][Number(x)] = true;
  return matrix;
}

/** The matrix a QR code of `text` must have (the site's error correction level, M), to compare with. */
export function expectedQrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: "M", border: 0 }).data;
}
