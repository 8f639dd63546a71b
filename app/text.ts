// PostgreSQL text cannot hold the character U+0000: a form or API body carrying it gets a clear
// 400 from validation instead of a database error (found by tests/integration/fuzz-*.test.ts).
export const NO_NUL_CHARACTER = "Please remove the invisible control character (U+0000) from this text.";

export function hasNoNulCharacter(value: string): boolean {
  return !value.includes("\u0000");
}
