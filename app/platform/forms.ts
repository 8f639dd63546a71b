// The one way the site's forms are parsed, in the browser (useForm's onValidate) and in actions.
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MAX_BODY_DEPTH, nulMessage, scanForNul } from "~/platform/text";

/**
 * The schema, behind a check of the whole submitted value: U+0000 in any field (known to the
 * schema or not) is an error on that field, so a field added to a schema later gets it too.
 */
/** A path as the form names its field: "travellers[2].name". */
function formName(path: (string | number)[]): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

function refuseNul<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((value, context) => {
    const scan = scanForNul(value);
    for (const path of scan.nul)
      context.addIssue({ code: z.ZodIssueCode.custom, path, message: nulMessage(formName(path) || "body") });
    if (scan.tooDeep)
      context.addIssue({ code: z.ZodIssueCode.custom, message: `The form is nested more than ${MAX_BODY_DEPTH} levels deep.` });
    return value;
  }, schema);
}

/** Above any list of the site's forms (an itinerary has at most 60 days): a larger position is no form of ours. */
export const MAX_LIST_INDEX = 100;
/** Far above the fields of any form of the site, far below what a 128 KB body can hold. */
export const MAX_FORM_FIELDS = 500;
const MAX_NAME_LENGTH = 100;
// Conform's own fields: a list button's action ("insert a day") and the form's state, both JSON.
const INTENT = "__intent__";
const STATE = "__state__";
const LIST_INTENTS = ["insert", "remove", "reorder"];
const INTENTS = ["validate", "update", "reset", ...LIST_INTENTS];
/** A path conform can follow without throwing: "itinerary[2].title". */
const PATH = /^[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*|\[\d{1,3}\])*$/;

function nameProblem(name: string): string | null {
  if (name.length > MAX_NAME_LENGTH) return `The form has a field name longer than ${MAX_NAME_LENGTH} characters.`;
  for (const [, index] of name.matchAll(/\[(\d*)\]/g)) {
    if (index.length > 3 || Number(index) > MAX_LIST_INDEX) {
      return `The field "${name}" is not a field of this form: list positions go up to ${MAX_LIST_INDEX}.`;
    }
  }
  return null;
}

const isPosition = (value: unknown) =>
  value === undefined || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_LIST_INDEX);

/** Why conform's __intent__ or __state__ field cannot be one the site's pages sent, or null. */
function controlProblem(name: string, value: FormDataEntryValue): string | null {
  const invalid = `The form's field "${name}" is not valid.`;
  if (typeof value !== "string") return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return invalid;
  }
  if (name === STATE) return null;
  const { type, payload } = (parsed ?? {}) as { type?: unknown; payload?: Record<string, unknown> };
  if (typeof type !== "string" || !INTENTS.includes(type) || !payload || typeof payload !== "object") return invalid;
  const path = payload.name;
  if (path === undefined || path === "") {
    if (LIST_INTENTS.includes(type)) return invalid;
  } else if (typeof path !== "string" || !PATH.test(path) || /\bconstructor\b/.test(path) || nameProblem(path)) {
    return invalid;
  }
  return [payload.index, payload.from, payload.to].every(isPosition) ? null : invalid;
}

/**
 * Why the form cannot come from one of the site's pages (too many fields, a list position far past
 * any list, a broken conform control), or null. Checked on the names alone, before conform builds
 * any nested value from them: `x[500000000]=1` would otherwise build an array of that length.
 */
function formShapeProblem(formData: FormData | URLSearchParams): string | null {
  let fields = 0;
  for (const [name, value] of formData) {
    if (++fields > MAX_FORM_FIELDS) return `The form has more than ${MAX_FORM_FIELDS} fields.`;
    const problem = name === INTENT || name === STATE ? controlProblem(name, value) : nameProblem(name);
    if (problem) return problem;
  }
  return null;
}

/** Throws the 400 Response for a form no page of the site sends (formShapeProblem), as parseForm does before parsing. */
export function refuseFormShape(formData: FormData | URLSearchParams): void {
  const problem = formShapeProblem(formData);
  if (problem) throw new Response(problem, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A form's submission, validated by its schema (with refuseNul): conform's shape for `submission.reply()`.
 * A form no page of the site sends (formShapeProblem) is refused with a 400 Response, thrown, before parsing.
 */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData | URLSearchParams, schema: Schema) {
  refuseFormShape(formData);
  // refuseNul returns the same values: the schema's own types stay for useForm's fields.
  return parseWithZod(formData, { schema: refuseNul(schema) as unknown as Schema });
}

/** For an action that reads a field or two without a schema: the message for the first field holding U+0000, or null. */
export function formNulMessage(formData: FormData): string | null {
  for (const [name, value] of formData) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return nulMessage(name);
  }
  return null;
}

/** A plain HTML form's answer (app/components/PlainFormFields.tsx): the refusal, each field's error and what was typed. */
export interface PlainFormResult {
  error: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** A plain form refused by the service after parsing: its message, on `field` when it names one. */
export function plainFormRefusal(message: string, field: string | null, values: Record<string, string>): PlainFormResult {
  return { error: message, fieldErrors: field ? { [field]: message } : {}, values };
}
