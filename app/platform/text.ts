// PostgreSQL text cannot hold the character U+0000, so no field of any form or API body may carry
// it. The check runs where bodies are read and parsed, over every field at once (app/platform/forms.ts
// for forms, readBody in app/http/api.server.ts for /api), so a new field cannot miss it; the guard
// test in app/http/form-parsing.unit.test.ts keeps routes from reading a body any other way.

/** The message for U+0000 in a field, naming it as the body names it ("image", "items.0.name"). */
export function nulMessage(field: string): string {
  return `The field "${field}" contains an invisible control character (U+0000). Please remove it.`;
}

/** Deeper than any body of this site: JSON nested beyond it is refused before anything walks it recursively. */
export const MAX_BODY_DEPTH = 16;

export interface NulScan {
  /** the path of each string that holds U+0000 (object keys included) */
  nul: (string | number)[][];
  /** true when the value nests deeper than MAX_BODY_DEPTH (the walk stops there) */
  tooDeep: boolean;
}

/**
 * Every place in a parsed body (strings, arrays, plain objects, at any depth) that holds U+0000.
 * Iterative, with a depth bound: 30,000 nested arrays fit in 64 KB and would overflow a recursive walk.
 */
export function scanForNul(value: unknown): NulScan {
  const nul: (string | number)[][] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000")) nul.push(path);
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length >= MAX_BODY_DEPTH) return { nul, tooDeep: true };
    // Array.from, not map: a form's "x[1]" alone makes a sparse array, whose hole map would skip.
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? Array.from(current, (item, index) => [index, item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      if (typeof key === "string" && key.includes("\u0000")) nul.push([...path, key]);
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return { nul: nul.reverse(), tooDeep: false };
}
