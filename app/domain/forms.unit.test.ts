import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formNulMessage, parseForm } from "~/domain/forms";
import { packageSchema } from "~/domain/packages";
import { nulMessage } from "~/domain/text";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const product = { title: "Sajek Valley", cost: "150", image: "/images/tours/sajek.svg", description: "Clouds at sunrise." };

describe("parseForm", () => {
  it("accepts a clean form and coerces it like parseWithZod", () => {
    const submission = parseForm(form(product), packageSchema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.cost).toBe(150);
  });

  it.each(Object.keys(product))("refuses U+0000 in %s with an error on that field, naming it", (field) => {
    const submission = parseForm(form({ ...product, [field]: `${product[field as keyof typeof product]}\u0000` }), packageSchema);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error?.[field]?.[0]).toBe(nulMessage(field));
  });

  it("refuses U+0000 in a field the schema does not know, and in a field name", () => {
    const extra = parseForm(form({ ...product, extra: "a\u0000" }), packageSchema);
    expect(extra.status === "error" && extra.error?.extra).toEqual([nulMessage("extra")]);
    expect(parseForm(form({ ...product, "x\u0000": "a" }), packageSchema).status).toBe("error");
  });

  it("formNulMessage names the first field holding U+0000", () => {
    const data = new FormData();
    data.append("email", "a@b.example");
    data.append("redirectTo", "/x\u0000");
    expect(formNulMessage(data)).toBe(nulMessage("redirectTo"));
    data.delete("redirectTo");
    expect(formNulMessage(data)).toBeNull();
  });
});

// The guard behind "no field can miss the U+0000 check": bodies are read and parsed only through
// app/domain/forms.ts (forms) and readBody in app/http/api.server.ts (/api). A route that reads a body any
// other way fails here, with the file named.
describe("every body goes through the shared checks", () => {
  const APP = fileURLToPath(new URL("..", import.meta.url));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const files = sources(APP).map((path) => ({ name: relative(APP, path), text: readFileSync(path, "utf8") }));

  it("finds the route modules", () => {
    expect(files.filter((file) => file.name.startsWith("routes/")).length).toBeGreaterThan(20);
  });

  it("conform forms are parsed only by parseForm", () => {
    expect(
      files.filter((file) => file.name !== "domain/forms.ts" && file.text.includes("parseWithZod")).map((file) => file.name),
    ).toEqual([]);
  });

  it("a module that reads a form checks it with ~/domain/forms", () => {
    // http/delete-request.server.ts reads only an id, which must pass isPlausibleId (U+0000 cannot), and a fixed intent.
    // http/photo-upload.server.ts reads a form for its caller: whoever calls readFormWithPhotos checks it.
    const readers = files.filter(
      (file) =>
        /\.formData\(\)|readFormWithPhotos\(/.test(file.text) &&
        !["http/delete-request.server.ts", "http/photo-upload.server.ts"].includes(file.name),
    );
    expect(readers.length).toBeGreaterThan(5);
    expect(readers.map((file) => file.name)).toContain("routes/dashboard.addProduct.tsx");
    expect(readers.filter((file) => !/from "~\/domain\/forms"/.test(file.text)).map((file) => file.name)).toEqual([]);
  });

  it("JSON and raw bodies are read only by the bounded reader, for readBody and the Stripe webhook (signed raw bytes)", () => {
    const raw = /\b(request|req)\b[\w.()]*\.(json|text|arrayBuffer|blob)\(\)|\brequest\.body\b/;
    expect(files.filter((file) => raw.test(file.text)).map((file) => file.name)).toEqual(["http/request-body.server.ts"]);
    const bodyReaders = files.filter((file) => file.text.includes("readTextWithin(")).map((file) => file.name);
    expect(bodyReaders.sort()).toEqual(["http/api.server.ts", "http/request-body.server.ts", "routes/webhooks.stripe.ts"]);
    // Photos: the raw image body, or a multipart form streamed within its bound (never read whole).
    const photoReaders = files.filter((file) => /\b(readBytesWithin|bodyWithin)\(/.test(file.text)).map((file) => file.name);
    expect(photoReaders.sort()).toEqual(["http/photo-upload.server.ts", "http/request-body.server.ts"]);
  });
});
