// The fields of a plain HTML form (posted without JavaScript) that the action answers with its
// values and errors: each field keeps what was typed, and its error is shown beside it and tied to
// it for screen readers. Ids are `${prefix}-${name}` and `${prefix}-${name}-error`.
import type { ReactNode } from "react";
import type { PlainFormResult } from "~/platform/forms";

export interface PlainFields {
  id: (name: string) => string;
  value: (name: string) => string;
  error: (name: string) => ReactNode;
  described: (name: string) => { "aria-describedby"?: string; "aria-invalid"?: true };
}

export function plainFields(prefix: string, result: PlainFormResult | null): PlainFields {
  const message = (name: string) => result?.fieldErrors[name];
  return {
    id: (name) => `${prefix}-${name}`,
    value: (name) => result?.values[name] ?? "",
    error: (name) =>
      message(name) ? (
        <p id={`${prefix}-${name}-error`} className="field-error">
          {message(name)}
        </p>
      ) : null,
    described: (name) => (message(name) ? { "aria-describedby": `${prefix}-${name}-error`, "aria-invalid": true } : {}),
  };
}

/** The form's refusal above it. */
export function PlainFormError({ result }: { result: PlainFormResult | null }) {
  return result ? (
    <p className="alert alert-error" role="alert">
      {result.error}
    </p>
  ) : null;
}

/** How money moved outside the card provider (a select of `methods`) and its reference. */
export function MethodAndReference({
  fields,
  methods,
  methodLabel,
  referenceLabel,
}: {
  fields: PlainFields;
  methods: Record<string, string>;
  methodLabel: string;
  referenceLabel: string;
}) {
  const { id, value, error, described } = fields;
  return (
    <>
      <label htmlFor={id("method")}>{methodLabel}</label>
      <select
        id={id("method")}
        name="method"
        required
        defaultValue={value("method") || Object.keys(methods)[0]}
        {...described("method")}
      >
        {Object.entries(methods).map(([method, label]) => (
          <option key={method} value={method}>
            {label}
          </option>
        ))}
      </select>
      {error("method")}
      <label htmlFor={id("reference")}>{referenceLabel}</label>
      <input
        id={id("reference")}
        name="reference"
        maxLength={100}
        required
        defaultValue={value("reference")}
        {...described("reference")}
      />
      {error("reference")}
    </>
  );
}
