// QR codes drawn on the server as inline SVG (uqr: no dependencies, no external service), so a
// voucher shows and prints its code without JavaScript and without calling anyone.
import { encode } from "uqr";

/** Modules of white around the code: the quiet zone scanners need (the QR standard asks for 4). */
const QUIET_ZONE = 4;

/**
 * An SVG of the QR code of `text` (error correction M: a crumpled print still reads): one path of
 * the dark modules, one unit each, on a white square with the quiet zone; it scales to its box.
 */
export function qrCodeSvg(text: string, { title }: { title: string }): string {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  const modules: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) modules.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  const box = size + 2 * QUIET_ZONE;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}" role="img" aria-label="${escapeXml(title)}" shape-rendering="crispEdges" class="qr-code">`,
    `<rect x="${-QUIET_ZONE}" y="${-QUIET_ZONE}" width="${box}" height="${box}" fill="#fff"/>`,
    `<path fill="#000" d="${modules.join("")}"/>`,
    "</svg>",
  ].join("");
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
