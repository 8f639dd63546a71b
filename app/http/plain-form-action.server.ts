// The action of a plain HTML form (posted without conform: app/components/PlainFormFields.tsx):
// parsed by parseForm, the one parser, then run; the answer keeps what was typed and puts each
// error beside its field, whether the schema or the operation refused it.
import { data } from "@remix-run/node";
import type { z } from "zod";
import { OfflinePaymentError } from "~/booking/index.server";
import { offlinePaymentErrorHeaders, offlinePaymentErrorStatus } from "~/http/error-status";
import { parseForm, plainFormRefusal, type PlainFormResult } from "~/platform/forms";

/** How an operation's error reads on the form: its message, the field it names, the answer's status (and headers). */
export interface PlainRefusal {
  message: string;
  field: string | null;
  status: number;
  headers?: HeadersInit;
}

/** The fields a plain form's schema reads, as typed (its `intent` says which form it is, not a value). */
function fieldNames(schema: z.ZodTypeAny): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape).filter((name) => name !== "intent");
}

/**
 * Parses `form` by `schema` and runs `run` on its value. Answers `{ [key]: PlainFormResult }` with a
 * 400 when the form is invalid (`invalid` above it, its fields kept as typed), or with the
 * refusal's status when `refuse` reads the error `run` threw (any other error is thrown on).
 */
export async function plainFormAction<Key extends string, Schema extends z.ZodTypeAny, Done>(
  key: Key,
  form: FormData,
  { schema, invalid }: { schema: Schema; invalid: string },
  run: (value: z.infer<Schema>) => Promise<Done>,
  refuse: (error: unknown) => PlainRefusal | null,
) {
  const values = Object.fromEntries(fieldNames(schema).map((name) => [name, String(form.get(name) ?? "")]));
  const answer = (result: PlainFormResult) => ({ [key]: result }) as Record<Key, PlainFormResult>;
  const submission = parseForm(form, schema);
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([name, messages]) => [name, (messages ?? [])[0] ?? ""]),
    );
    return data(answer({ error: invalid, fieldErrors, values }), { status: 400 });
  }
  try {
    return data(await run(submission.value as z.infer<Schema>));
  } catch (error) {
    const refusal = refuse(error);
    if (!refusal) throw error;
    return data(answer(plainFormRefusal(refusal.message, refusal.field, values)), {
      status: refusal.status,
      ...(refusal.headers ? { headers: refusal.headers } : {}),
    });
  }
}

/** An offline payment or claim refused, as its plain form shows it; any other error: null. */
export function offlinePaymentRefusal(error: unknown): PlainRefusal | null {
  if (!(error instanceof OfflinePaymentError)) return null;
  return {
    message: error.message,
    field: error.field ?? null,
    status: offlinePaymentErrorStatus(error),
    headers: offlinePaymentErrorHeaders(error),
  };
}
