import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { FormEvent } from "react";
import { PASSWORD_MISMATCH, registerSchema, safeRedirect } from "~/accounts";
import { authFailure, createUserSession, getAuthenticator, passwordBusy } from "~/accounts/index.server";
import { AuthForm, AuthPage, EmailField, PasswordField } from "~/components/AuthForm";
import { Field, FormErrors } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

// A visitor sent to /login from a protected page (its 'New User? Please Register' link keeps
// redirectTo) comes back there after registering; anyone else lands on '/'.
export function loader({ request }: LoaderFunctionArgs) {
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") };
}

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
    return createUserSession({
      request,
      userId: user.id,
      redirectTo: safeRedirect(submission.value.redirectTo, "/"),
      flash: "register",
    });
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

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("auth.register.meta") }];

export default function RegisterPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t, text } = useT();
  const [form, fields] = useAppForm(registerSchema, { lastResult: actionData?.result });

  // The spec's browser alert: a mismatch is reported before anything is submitted.
  // Conform's own validation (on blur) also travels as a submit event, with an "__intent__" submitter.
  function alertMismatch(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = new FormData(event.currentTarget);
    if (submitter?.name !== "__intent__" && values.get("password") !== values.get("confirmPassword")) {
      event.preventDefault();
      window.alert(text(PASSWORD_MISMATCH));
    }
  }

  return (
    <AuthPage name="register" title={t("auth.register.title")}>
      <FormErrors form={form} />
      <AuthForm
        form={form}
        pending={pending}
        pendingLabel={t("auth.register.creating")}
        submitLabel={t("auth.register.submit")}
        onSubmit={alertMismatch}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.field.name")}
          labelHidden
          meta={fields.displayName}
          inputProps={{ placeholder: t("auth.field.namePlaceholder"), autoComplete: "name" }}
        />
        <EmailField meta={fields.email} />
        <PasswordField meta={fields.password} autoComplete="new-password" />
        <PasswordField
          meta={fields.confirmPassword}
          label={t("auth.field.retype")}
          placeholder={t("auth.field.retypePlaceholder")}
          autoComplete="new-password"
        />
      </AuthForm>
      <p>
        <Link to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login"}>{t("auth.register.login")}</Link>
      </p>
    </AuthPage>
  );
}
