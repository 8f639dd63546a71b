// Checks API requests and responses against the OpenAPI document the site serves (app/http/openapi.ts):
// a request body must match the operation's request schema; an answer's status must be documented
// for that path and method, and its JSON body must match its schema.
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { openApiDocument } from "~/http/openapi";

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = Record<string, unknown>;
const document = openApiDocument as unknown as Json & { paths: Record<string, Record<string, Json>>; components: Json };

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
// The document's own top-level fields are not JSON Schema keywords; declaring them lets its
// schemas be referenced by JSON pointer from one registered document.
for (const keyword of ["openapi", "info", "servers", "security", "paths", "webhooks", "components"]) ajv.addKeyword(keyword);
ajv.addSchema({ ...document, $id: "openapi.json" });

const validators = new Map<string, ValidateFunction>();

function pointer(...parts: string[]): string {
  return parts.map((part) => "/" + part.replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

function validatorAt(path: string): ValidateFunction {
  let validate = validators.get(path);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${path}` });
    validators.set(path, validate);
  }
  return validate;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Every (path template, method, status) checked so far, for coverage figures. */
export const checkedResponses: { template: string | null; method: string; status: number }[] = [];

/** The methods the document offers for a path template, upper case. */
export function documentedMethods(template: string): string[] {
  return Object.keys(document.paths[template] ?? {}).map((method) => method.toUpperCase());
}

export function documentedPaths(): string[] {
  return Object.keys(document.paths);
}

/**
 * Throws unless the answer is what the document says: template is the matched path template
 * (null for a path no route serves, which must be a JSON 404).
 */
export function expectDocumented(template: string | null, method: string, answer: ApiAnswer): void {
  checkedResponses.push({ template, method, status: answer.status });
  const where = `${method} ${template ?? "(unknown path)"} -> ${answer.status}`;
  if (method === "OPTIONS") {
    if (answer.status !== 204) throw new Error(`${where}: a preflight answers 204`);
    return;
  }
  const type = answer.headers.get("Content-Type") ?? "";
  if (method !== "HEAD" && !type.startsWith("application/json")) throw new Error(`${where}: Content-Type is ${type}, not JSON`);
  let schemaPath: string;
  let response: Json | undefined;
  if (template === null) {
    if (answer.status !== 404) throw new Error(`${where}: an unknown path answers 404`);
    schemaPath = pointer("components", "responses", "NotFound", "content", "application/json", "schema");
  } else if (answer.status === 405) {
    const allow = (answer.headers.get("Allow") ?? "")
      .split(",")
      .map((item) => item.trim())
      .sort();
    const expected = [...documentedMethods(template), "OPTIONS"].sort();
    if (allow.join() !== expected.join())
      throw new Error(`${where}: Allow is ${allow.join()}, the document says ${expected.join()}`);
    response = (document.components.responses as Record<string, Json>).MethodNotAllowed;
    schemaPath = pointer("components", "responses", "MethodNotAllowed", "content", "application/json", "schema");
  } else {
    const operation = document.paths[template]?.[method === "HEAD" ? "get" : method.toLowerCase()];
    if (!operation) throw new Error(`${where}: the document has no such operation`);
    const responses = operation.responses as Record<string, Json>;
    const documented = responses[String(answer.status)];
    if (!documented) throw new Error(`${where}: status not documented (documented: ${Object.keys(responses).join(", ")})`);
    if (typeof documented.$ref === "string") {
      const name = (documented.$ref as string).split("/").pop()!;
      response = (document.components.responses as Record<string, Json>)[name];
      schemaPath = `${(documented.$ref as string).slice(1)}${pointer("content", "application/json", "schema")}`;
    } else {
      response = documented;
      schemaPath = pointer(
        "paths",
        template,
        method === "HEAD" ? "get" : method.toLowerCase(),
        "responses",
        String(answer.status),
        "content",
        "application/json",
        "schema",
      );
    }
  }
  for (const [name, header] of Object.entries((response?.headers ?? {}) as Record<string, { required?: boolean }>)) {
    if (header.required && !answer.headers.has(name)) throw new Error(`${where}: the ${name} header is missing`);
  }
  if (method === "HEAD") return;
  const validate = validatorAt(schemaPath);
  if (!validate(answer.body)) {
    throw new Error(
      `${where}: body does not match the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(answer.body).slice(0, 500)}`,
    );
  }
}

/** Every (path template, method, verdict) of a request body checked so far, for coverage figures. */
export const checkedRequests: { template: string; method: string; valid: boolean }[] = [];

/**
 * The document's verdict on a JSON request body: null when it matches the operation's request
 * schema, else the errors; undefined when the document has no such operation or it takes no body.
 */
export function requestBodyErrors(template: string, method: string, body: unknown): string | null | undefined {
  const operation = document.paths[template]?.[method.toLowerCase()];
  // A call whose body is not JSON (POST /api/photos: image bytes) has no JSON schema to check.
  const content = (operation?.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
  if (!content?.["application/json"]) return undefined;
  const validate = validatorAt(
    pointer("paths", template, method.toLowerCase(), "requestBody", "content", "application/json", "schema"),
  );
  const valid = validate(body) as boolean;
  checkedRequests.push({ template, method, valid });
  return valid ? null : ajv.errorsText(validate.errors);
}

/** The official OpenAPI 3.1 schema's verdict on the document: null when valid, else the errors. */
export async function openApiSchemaErrors(): Promise<string | null> {
  const result = await new Validator().validate(structuredClone(document));
  return result.valid ? null : JSON.stringify(result.errors);
}
