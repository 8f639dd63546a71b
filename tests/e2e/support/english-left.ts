// The check that a Bengali page says nothing of the site's English (issue 38, docs/i18n.md): every
// English message of app/locales/en.json, cut into its literal pieces (placeholders and ICU
// arguments out), that its Bengali text does not also say, looked for in what a person reads or
// hears on the page (text, alt, aria-label, placeholder, title, the document's title and
// description). Data (package names, reviews, people's names) is no message, so it is not looked for.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

const messages = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../../app/locales/${language}.json`, import.meta.url), "utf8")) as Record<string, string>;
const english = messages("en");
const bengali = messages("bn");

type Key = string;

/** The text of a message outside its {arguments} (nested braces included), as separate pieces. */
export function literalPieces(message: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = "";
  for (const character of message) {
    if (character === "{") {
      if (depth === 0) {
        pieces.push(current);
        current = "";
      }
      depth += 1;
    } else if (character === "}") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += character;
    }
  }
  pieces.push(current);
  return pieces.map((piece) => piece.trim()).filter((piece) => /[A-Za-z]{3}/.test(piece));
}

// Not the site's English: place names (package titles are data and hold them) and the API's texts.
const SKIPPED_NAMESPACES = ["places.", "api."];
/** The product's own name, which a package page's title ends with (a name, not English to translate). */
const PRODUCT_NAME = "Tour Booking";

interface Piece {
  key: Key;
  text: string;
  /** one word: looked for as a whole text or attribute, not inside data's sentences */
  word: boolean;
}

function englishPieces(): Piece[] {
  const found: Piece[] = [];
  for (const key of Object.keys(english) as Key[]) {
    if (SKIPPED_NAMESPACES.some((prefix) => key.startsWith(prefix))) continue;
    for (const text of literalPieces(english[key])) {
      // What both languages say alike (a product's name, "API", a URL) is not left-over English.
      if (bengali[key].includes(text) || text === PRODUCT_NAME) continue;
      found.push({ key, text, word: !/\s/.test(text) });
    }
  }
  return found;
}

const PIECES = englishPieces();

/** What a person reads or hears on the page: text nodes, labels and the head's title and description. */
async function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) texts.push(description);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        const parent = node.parentElement?.tagName;
        if (parent !== "SCRIPT" && parent !== "STYLE" && node.textContent?.trim()) texts.push(node.textContent.trim());
        continue;
      }
      for (const name of ["alt", "aria-label", "placeholder", "title"]) {
        const value = (node as Element).getAttribute(name);
        if (value?.trim()) texts.push(value.trim());
      }
    }
    return texts;
  });
}

/** The site's English messages the page still shows, as "key: text" (none on a page wholly in Bengali). */
export async function englishLeftOn(page: Page): Promise<string[]> {
  const texts = await readableTexts(page);
  const whole = new Set(texts);
  const joined = texts.join("\n");
  const left = PIECES.filter((piece) => (piece.word ? whole.has(piece.text) : joined.includes(piece.text)));
  return [...new Set(left.map((piece) => `${piece.key}: ${piece.text}`))];
}
