// What the login and register pages share: the card beside the illustration, and the form with
// its email and password fields and its submit button.
import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { Field, SubmitButton } from "~/components/form-fields";
import { useT } from "~/components/language-context";

export function AuthPage({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <div className="container page-section auth-layout">
      <section className="card form-card auth-card" aria-labelledby={`${name}-title`}>
        <h1 id={`${name}-title`}>{title}</h1>
        {children}
      </section>
      <img src="/images/login.svg" alt="" width={480} height={400} className="auth-illustration" />
    </div>
  );
}

export function AuthForm<Schema extends Record<string, unknown>>({
  form,
  pending,
  pendingLabel,
  submitLabel,
  onSubmit,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  /** runs before Conform's own submit handler; it may cancel the submission */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (!event.defaultPrevented) formProps.onSubmit(event);
      }}
      className={pending ? "auth-form is-loading" : "auth-form"}
      aria-busy={pending}
    >
      {children}
      <SubmitButton pending={pending} pendingLabel={pendingLabel} className="button auth-submit">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<string, any, string[]>;

export function EmailField({ meta }: { meta: Meta }) {
  const { t } = useT();
  return (
    <Field
      label={t("auth.field.email")}
      labelHidden
      meta={meta}
      type="email"
      inputProps={{ placeholder: t("auth.field.emailPlaceholder"), autoComplete: "email" }}
    />
  );
}

export function PasswordField({
  meta,
  label,
  placeholder,
  autoComplete,
}: {
  meta: Meta;
  label?: string;
  placeholder?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const { t } = useT();
  return (
    <Field
      label={label ?? t("auth.field.password")}
      labelHidden
      meta={meta}
      type="password"
      inputProps={{ placeholder: placeholder ?? t("auth.field.passwordPlaceholder"), autoComplete }}
    />
  );
}
