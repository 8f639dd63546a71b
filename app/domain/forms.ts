// The one way the site's forms are parsed, in the browser (useForm's onValidate) and in actions.
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { MAX_BODY_DEPTH, nulMessage, scanForNul } from "~/domain/text";

/**
 * The schema, behind a check of the whole submitted value: U+0000 in any field (known to the
 * schema or not) is an error on that field, so a field added to a schema later gets it too.
 */
function refuseNul<Schema extends z.ZodTypeAny>(schema: Schema) {
  return z.preprocess((value, context) => {
    const scan = scanForNul(value);
    for (const path of scan.nul)
      context.addIssue({ code: z.ZodIssueCode.custom, path, message: nulMessage(path.join(".") || "body") });
    if (scan.tooDeep)
      context.addIssue({ code: z.ZodIssueCode.custom, message: `The form is nested more than ${MAX_BODY_DEPTH} levels deep.` });
    return value;
  }, schema);
}

/** A form's submission, validated by its schema (with refuseNul): conform's shape for `submission.reply()`. */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData | URLSearchParams, schema: Schema) {
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
