import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { FormEvent } from "react";
import { constraintsOf } from "~/domain/fields";
import { parseForm } from "~/domain/forms";
import { PASSWORD_MISMATCH, registerSchema } from "~/auth/auth-forms";
import { authFailure, getAuthenticator, passwordBusy } from "~/auth/auth.server";
import { clientAddress } from "~/http/client-address.server";
import { take } from "~/domain/rate-limit.server";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { FieldError } from "~/components/FieldError";
import { Spinner } from "~/components/Spinner";
import { createUserSession } from "~/auth/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  // remix-auth copies the request, so its body must stay unread here.
  const formData = await request.clone().formData();
  const submission = parseForm(formData, registerSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  // Account creation per client address (when the server tells us the address).
  const counted = await take("register", { address: clientAddress(request, context) });
  if (counted.refused) {
    return data(
      { result: submission.reply({ formErrors: [counted.refused.message], hideFields: ["password", "confirmPassword"] }) },
      { status: 429, headers: retryAfter(counted.refused) },
    );
  }
  try {
    const user = await getAuthenticator().authenticate("register", request, {
      context: { formData, ...submission.value },
    });
    return createUserSession({ request, userId: user.id, redirectTo: "/", flash: "register" });
  } catch (error) {
    const busy = passwordBusy(error);
    if (busy) {
      await counted.refund();
      return data(
        { result: submission.reply({ formErrors: [busy.message], hideFields: ["password", "confirmPassword"] }) },
        { status: 503, headers: { "Retry-After": String(busy.retryAfterSeconds) } },
      );
    }
    const failure = authFailure(error);
    if (!failure) throw error;
    return data(
      {
        result: submission.reply({
          fieldErrors: failure.field ? { [failure.field]: [failure.message] } : undefined,
          formErrors: failure.field ? undefined : [failure.message],
          hideFields: ["password", "confirmPassword"],
        }),
      },
      { status: failure.code === "email-already-in-use" ? 409 : 400 },
    );
  }
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Register — Tour Booking" }];

export default function RegisterPage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/register") === true;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(registerSchema),
    onValidate: ({ formData }) => parseForm(formData, registerSchema),
  });
  const formProps = getFormProps(form);

  // The spec's browser alert: a mismatch is reported before anything is submitted.
  // Conform's own validation (on blur) also travels as a submit event, with an "__intent__" submitter.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = new FormData(event.currentTarget);
    if (submitter?.name !== "__intent__" && values.get("password") !== values.get("confirmPassword")) {
      event.preventDefault();
      window.alert(PASSWORD_MISMATCH);
      return;
    }
    formProps.onSubmit(event);
  }

  const banner = form.errors?.[0];
  return (
    <div className="container page-section auth-layout">
      <section className="card form-card auth-card" aria-labelledby="register-title">
        <h1 id="register-title">Register</h1>
        {banner ? (
          <p className="alert alert-error" role="alert">
            {banner}
          </p>
        ) : null}
        <Form method="post" {...formProps} onSubmit={onSubmit} className={submitting ? "auth-form is-loading" : "auth-form"} aria-busy={submitting}>
          <div className="field">
            <label htmlFor={fields.displayName.id} className="visually-hidden">
              Name
            </label>
            <input {...getInputProps(fields.displayName, { type: "text" })} placeholder="Your Name" autoComplete="name" />
            <FieldError field={fields.displayName} />
          </div>
          <div className="field">
            <label htmlFor={fields.email.id} className="visually-hidden">
              Email
            </label>
            <input {...getInputProps(fields.email, { type: "email" })} placeholder="Your Email" autoComplete="email" />
            <FieldError field={fields.email} />
          </div>
          <div className="field">
            <label htmlFor={fields.password.id} className="visually-hidden">
              Password
            </label>
            <input
              {...getInputProps(fields.password, { type: "password" })}
              placeholder="Your Password"
              autoComplete="new-password"
            />
            <FieldError field={fields.password} />
          </div>
          <div className="field">
            <label htmlFor={fields.confirmPassword.id} className="visually-hidden">
              Retype password
            </label>
            <input
              {...getInputProps(fields.confirmPassword, { type: "password" })}
              placeholder="Retype Your Password"
              autoComplete="new-password"
            />
            <FieldError field={fields.confirmPassword} />
          </div>
          <button type="submit" className="button auth-submit" disabled={submitting}>
            {submitting ? <Spinner label="Creating your account" /> : null} Register
          </button>
        </Form>
        <p>
          <Link to="/login">Already Registered? Please Login</Link>
        </p>
      </section>
      <img src="/images/login.svg" alt="" width={480} height={400} className="auth-illustration" />
    </div>
  );
}
