// Every setting of app/platform/env.server.ts is documented: listed in docs/configuration.md and in
// .env.example, and .env.example names no setting the app does not read (issue 37 item 7). The
// schema is read as text: importing env.server.ts would parse this process's environment.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The keys of `const envSchema = z.object({ … });`, each a line of its own at two spaces. */
function schemaKeys(source: string): string[] {
  const body = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1];
  if (!body) throw new Error("env.server.ts: `const envSchema = z.object({ … });` not found");
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]);
}

/** The variables .env.example sets or shows commented out (`NAME=` or `# NAME=` at a line's start). */
function exampleVariables(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
}

const keys = schemaKeys(read("app/platform/env.server.ts"));

describe("the settings are documented", () => {
  it("reads the whole schema", () => {
    expect(keys.length).toBeGreaterThan(60);
    expect(keys).toContain("PORT");
    expect(keys).toContain("OUTBOX_RETENTION_DAYS");
  });

  it("lists every setting in docs/configuration.md", () => {
    const docs = read("docs/configuration.md");
    expect(keys.filter((key) => !docs.includes(`\`${key}\``))).toEqual([]);
  });

  it("lists every setting in .env.example, and nothing else", () => {
    const example = exampleVariables(read(".env.example"));
    expect(keys.filter((key) => !example.includes(key))).toEqual([]);
    expect(example.filter((name) => !keys.includes(name))).toEqual([]);
  });
});
