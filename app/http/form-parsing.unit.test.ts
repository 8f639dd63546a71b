import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { packageSchema } from "~/catalogue/packages";
import { formNulMessage, MAX_FORM_FIELDS, MAX_LIST_INDEX, parseForm } from "~/platform/forms";
import { nulMessage } from "~/platform/text";

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

  it("refuses, before building anything, a form whose field names no page of the site sends", () => {
    const refusal = (body: string) => {
      try {
        parseForm(new URLSearchParams(body), packageSchema);
        return null;
      } catch (thrown) {
        expect(thrown).toBeInstanceOf(Response);
        return thrown as Response;
      }
    };
    const started = performance.now();
    for (const body of [
      "x[500000000]=1",
      `x[${MAX_LIST_INDEX + 1}]=1`,
      "itinerary[0001].title=a",
      "a[0].b[99999999999999999999]=1",
      `${"a".repeat(101)}=1`,
      Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&"),
      "__intent__=garbage",
      "__state__=garbage",
      `__intent__=${JSON.stringify({ type: "update", payload: { name: "x[500000000]", value: "1" } })}`,
      `__intent__=${JSON.stringify({ type: "insert", payload: { name: "itinerary", index: 500000000 } })}`,
      `__intent__=${JSON.stringify({ type: "insert", payload: {} })}`,
      `__intent__=${JSON.stringify({ type: "update", payload: { name: "constructor.prototype", value: "1" } })}`,
      `__intent__=${JSON.stringify({ type: "update", payload: { name: "a", index: { x: 1 } } })}`,
      `__intent__=${JSON.stringify({ type: "reorder", payload: { name: "itinerary", from: 0, to: -1 } })}`,
      `__intent__=${JSON.stringify({ type: "explode", payload: {} })}`,
    ]) {
      const response = refusal(`${new URLSearchParams(product)}&${body}`);
      expect(response?.status, body.slice(0, 80)).toBe(400);
    }
    expect(performance.now() - started).toBeLessThan(500);
    expect(refusal("x[500000000]=1")?.headers.get("Content-Type")).toMatch(/^text\/plain/);
  });

  it("names the field it refuses", async () => {
    const thrown = (() => {
      try {
        parseForm(new URLSearchParams("x[500000000]=1"), packageSchema);
      } catch (error) {
        return error as Response;
      }
    })();
    expect(await thrown?.text()).toBe('The field "x[500000000]" is not a field of this form: list positions go up to 100.');
  });

  it("still parses the site's own lists and list buttons, and odd names it merely ignores", () => {
    for (const body of [
      `itinerary[0].title=Day&itinerary[0].text=Walk&itinerary[${MAX_LIST_INDEX}].title=`,
      `__intent__=${JSON.stringify({ type: "insert", payload: { name: "itinerary" } })}`,
      `__intent__=${JSON.stringify({ type: "validate", payload: { name: "title" } })}`,
      `__state__=${JSON.stringify({ validated: { title: true } })}`,
      "x[1]=1",
      "x[]=1&x[]=2",
      "a..b=1&[=1&]]=1&__proto__[x]=1&constructor[prototype][x]=1",
    ]) {
      expect(() => parseForm(new URLSearchParams(`${new URLSearchParams(product)}&${body}`), packageSchema), body).not.toThrow();
    }
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
// app/platform/forms.ts (forms) and readBody in app/http/api.server.ts (/api). A route that reads a body any
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
      files.filter((file) => file.name !== "platform/forms.ts" && file.text.includes("parseWithZod")).map((file) => file.name),
    ).toEqual([]);
  });

  it("a module that reads a form checks it with ~/platform/forms", () => {
    // http/delete-request.server.ts reads only an id, which must pass isPlausibleId (U+0000 cannot), and a fixed intent.
    // catalogue/photo-upload.server.ts reads a form for its caller: whoever calls readFormWithPhotos checks it.
    const readers = files.filter(
      (file) =>
        /\.formData\(\)|readFormWithPhotos\(/.test(file.text) &&
        !["http/delete-request.server.ts", "catalogue/photo-upload.server.ts"].includes(file.name),
    );
    expect(readers.length).toBeGreaterThan(5);
    expect(readers.map((file) => file.name)).toContain("routes/dashboard.addProduct.tsx");
    expect(readers.filter((file) => !/from "~\/platform\/forms"/.test(file.text)).map((file) => file.name)).toEqual([]);
  });

  it("JSON and raw bodies are read only by the bounded reader, for readBody, the OCTO API and the Stripe and WhatsApp webhooks (signed raw bytes)", () => {
    const raw = /\b(request|req)\b[\w.()]*\.(json|text|arrayBuffer|blob)\(\)|\brequest\.body\b/;
    expect(files.filter((file) => raw.test(file.text)).map((file) => file.name)).toEqual(["platform/request-body.server.ts"]);
    const bodyReaders = files.filter((file) => file.text.includes("readTextWithin(")).map((file) => file.name);
    expect(bodyReaders.sort()).toEqual([
      "http/api.server.ts",
      "http/octo-transport.server.ts",
      "platform/request-body.server.ts",
      "routes/webhooks.stripe.ts",
      "routes/webhooks.whatsapp.ts",
    ]);
    // Photos: the raw image body, or a multipart form streamed within its bound (never read whole).
    const photoReaders = files.filter((file) => /\b(readBytesWithin|bodyWithin)\(/.test(file.text)).map((file) => file.name);
    expect(photoReaders.sort()).toEqual(["catalogue/photo-upload.server.ts", "platform/request-body.server.ts"]);
  });
});
