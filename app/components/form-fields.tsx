// The building blocks of the site's forms: a field is a label wired to its control, the control's
// props from Conform (name, id, HTML constraints from the schema, aria-invalid and aria-describedby),
// an optional description and the field's error. Forms set up with useAppForm (form-hooks.ts).
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useT } from "~/components/language-context";

// Any field of any form: the components read only its names, ids, errors and constraints.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, string[]>;

interface FieldFrame {
  label: ReactNode;
  /** a label for screen readers only (the placeholder says it on screen) */
  labelHidden?: boolean;
  description?: ReactNode;
  meta: Meta;
}

/** The field's first error, where the control's aria-describedby points (empty while valid). */
export function FieldError({ meta }: { meta: Pick<Meta, "errorId" | "errors"> }) {
  // A schema's or the server's message is English: shown in the page's language (docs/i18n.md).
  const { text } = useT();
  return (
    <p id={meta.errorId} className="field-error" aria-live="polite">
      {text(meta.errors?.[0])}
    </p>
  );
}

/** The control's aria-describedby also names the description, when there is one. */
function describedBy(meta: Meta, description: ReactNode) {
  return description ? meta.descriptionId : undefined;
}

function Frame({ label, labelHidden, description, meta, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={meta.id} className={labelHidden ? "visually-hidden" : undefined}>
        {label}
      </label>
      {children}
      {description ? (
        <p id={meta.descriptionId} className="hint">
          {description}
        </p>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

type InputType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

export function Field({
  type = "text",
  inputProps,
  ...frame
}: FieldFrame & { type?: InputType; inputProps?: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <Frame {...frame}>
      <input
        {...getInputProps(frame.meta, { type, ariaDescribedBy: describedBy(frame.meta, frame.description) })}
        {...inputProps}
      />
    </Frame>
  );
}

export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrame & { textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  return (
    <Frame {...frame}>
      <textarea
        {...getTextareaProps(frame.meta, { ariaDescribedBy: describedBy(frame.meta, frame.description) })}
        {...textareaProps}
      />
    </Frame>
  );
}

/** A select whose first option is a blank choice, chosen until the person picks one. */
export function SelectField({
  children,
  selectProps,
  ...frame
}: FieldFrame & { children: ReactNode; selectProps?: SelectHTMLAttributes<HTMLSelectElement> }) {
  const props = getSelectProps(frame.meta, { ariaDescribedBy: describedBy(frame.meta, frame.description) });
  return (
    <Frame {...frame}>
      <select {...props} defaultValue={props.defaultValue ?? ""} {...selectProps}>
        {children}
      </select>
    </Frame>
  );
}

/** The form's own errors (not tied to a field: a refused login, a rate limit), as an alert above it. */
export function FormErrors({ form }: { form: Pick<FormMetadata, "errorId" | "errors"> }) {
  const { text } = useT();
  if (!form.errors?.length) return null;
  return (
    <p className="alert alert-error" role="alert" id={form.errorId}>
      {text(form.errors[0])}
    </p>
  );
}

export { SubmitButton } from "~/components/SubmitButton";
