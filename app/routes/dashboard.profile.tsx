import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  avatarSrc,
  changePasswordSchema,
  DELETE_WORD,
  deleteAccountSchema,
  PROFILE_PHOTO_FIELDS,
  profileSchema,
} from "~/accounts";
import {
  AccountRefusal,
  changePassword,
  createUserSession,
  deleteOwnAccount,
  findProfile,
  flashCookie,
  PasswordBusyError,
  requireUser,
  sessionCookie,
  updateProfile,
} from "~/accounts/index.server";
import { forgetCustomerBookings } from "~/booking/index.server";
import { photoFormReply, readFormWithPhotos } from "~/catalogue/index.server";
import { Field, FieldError, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { dashboardTitle } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await findProfile(user.id);
  if (!profile) throw redirect("/login");
  return {
    email: profile.email,
    displayName: profile.displayName,
    photoUrl: profile.photoUrl ?? "",
    phone: profile.phone ?? "",
    messagesOptOut: profile.messagesOptOut,
    // A photo saved before other sites were refused is not shown (nor offered again).
    photoShown: avatarSrc(profile.photoUrl),
    hasPassword: Boolean(profile.password),
  };
}

const SCHEMAS = { profile: profileSchema, password: changePasswordSchema, delete: deleteAccountSchema };
type Intent = keyof typeof SCHEMAS;
const HIDDEN: Record<Intent, string[]> = {
  profile: [],
  password: ["currentPassword", "password", "confirmPassword"],
  delete: ["confirm"],
};

/** A multipart body larger than the profile's text fields (or of unknown length): a photo may be in it. */
function mayCarryPhoto(request: Request): boolean {
  const type = request.headers.get("Content-Type") ?? "";
  const length = request.headers.get("Content-Length");
  return type.toLowerCase().startsWith("multipart/form-data") && (length === null || Number(length) > 4 * 1024);
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Before the body is read: a photo is stored for a signed-in user only.
  const user = await requireUser(request);
  if (mayCarryPhoto(request)) {
    // Counted before anything is stored, so that no account fills the disk with photos.
    const counted = await take("profile-photo", { account: user.id, address: null });
    if (counted.refused) {
      const result = { status: "error" as const, error: { photoFile: [counted.refused.message] } };
      return data({ intent: "profile" as Intent, result, saved: false }, { status: 429, headers: retryAfter(counted.refused) });
    }
  }
  const { formData, errors, refusedStatus } = await readFormWithPhotos(request, PROFILE_PHOTO_FIELDS);
  const intent = String(formData.get("intent")) as Intent;
  if (!(intent in SCHEMAS)) return data({ intent: "profile" as Intent, result: null, saved: false }, { status: 400 });
  const submission = parseForm(formData, SCHEMAS[intent]);
  const hideFields = HIDDEN[intent];
  const refused = photoFormReply(submission, errors);
  if (submission.status !== "success" || refused) {
    const status = refused ? refusedStatus : 400;
    return data({ intent, result: refused ?? submission.reply({ hideFields }), saved: false }, { status });
  }
  const address = clientAddress(request, context);
  try {
    if (intent === "profile") {
      const { displayName, photoUrl, phone, messagesOptOut } = submission.value as {
        displayName: string;
        photoUrl?: string;
        phone?: string;
        messagesOptOut: boolean;
      };
      await updateProfile(user.id, { displayName, photoUrl: photoUrl ?? null, phone: phone ?? null, messagesOptOut });
      return { intent, result: submission.reply(), saved: true };
    }
    if (intent === "password") {
      const value = submission.value as { currentPassword: string; password: string };
      await changePassword(user, value.currentPassword, value.password, address);
      // Every session ended with the change; this one starts again.
      return createUserSession({ request, userId: user.id, redirectTo: "/dashboard/profile", flash: "password-changed" });
    }
    await deleteOwnAccount(user, (submission.value as { confirm: string }).confirm, address, forgetCustomerBookings);
    const headers = new Headers();
    headers.append("Set-Cookie", await sessionCookie().serialize("", { maxAge: 0 }));
    headers.append("Set-Cookie", await flashCookie("account-deleted"));
    return redirect("/", { headers });
  } catch (error) {
    const refusal =
      error instanceof PasswordBusyError ? new AccountRefusal(error.message, 503, undefined, error.retryAfterSeconds) : error;
    if (!(refusal instanceof AccountRefusal)) throw error;
    const reply = refusal.field
      ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields })
      : submission.reply({ formErrors: [refusal.message], hideFields });
    return data(
      { intent, result: reply, saved: false },
      {
        status: refusal.status,
        headers: refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined,
      },
    );
  }
}

export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.profile");

function IntentInput({ intent }: { intent: Intent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export default function ProfilePage() {
  const profile = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useT();
  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const [profileForm, profileFields] = useAppForm(profileSchema, {
    lastResult: lastResult("profile"),
    defaultValue: {
      displayName: profile.displayName,
      photoUrl: profile.photoShown === profile.photoUrl ? profile.photoUrl : "",
      phone: profile.phone,
      messagesOptOut: profile.messagesOptOut ? "on" : undefined,
    },
  });
  const [passwordForm, passwordFields] = useAppForm(changePasswordSchema, { lastResult: lastResult("password") });
  const [deleteForm, deleteFields] = useAppForm(deleteAccountSchema, { lastResult: lastResult("delete") });

  return (
    <section className="dashboard-page">
      <h1>{t("dashboard.nav.profile")}</h1>
      <p>{t("dashboard.profile.signedInAs", { email: profile.email })}</p>

      <h2>{t("dashboard.profile.details")}</h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(profileForm)} className="card form-card">
        <IntentInput intent="profile" />
        <FormErrors form={profileForm} />
        <Field label={t("dashboard.profile.name")} meta={profileFields.displayName} inputProps={{ autoComplete: "name" }} />
        <Field
          label={t("dashboard.profile.phone")}
          type="tel"
          meta={profileFields.phone}
          description={t("dashboard.profile.phoneHint")}
          inputProps={{ autoComplete: "tel", inputMode: "tel" }}
        />
        <div className="field field-checkbox">
          <input
            {...getInputProps(profileFields.messagesOptOut, {
              type: "checkbox",
              ariaDescribedBy: profileFields.messagesOptOut.descriptionId,
            })}
          />
          <label htmlFor={profileFields.messagesOptOut.id}>{t("dashboard.profile.messagesOptOut")}</label>
          <p id={profileFields.messagesOptOut.descriptionId} className="hint">
            {t("dashboard.profile.messagesOptOutHint")}
          </p>
          <FieldError meta={profileFields.messagesOptOut} />
        </div>
        <img src={profile.photoShown} width={72} height={72} alt="" className="avatar" />
        <div className="field">
          <label htmlFor={profileFields.photoFile.id}>{t("dashboard.profile.upload")}</label>
          <input
            {...getInputProps(profileFields.photoFile, { type: "file", ariaDescribedBy: profileFields.photoFile.descriptionId })}
            accept="image/jpeg,image/png,image/webp"
          />
          <p id={profileFields.photoFile.descriptionId} className="hint">
            {t("dashboard.profile.uploadHint")}
          </p>
          <FieldError meta={profileFields.photoFile} />
        </div>
        <Field
          label={t("dashboard.profile.photoUrl")}
          meta={profileFields.photoUrl}
          description={t("dashboard.profile.photoUrlHint")}
          inputProps={{ placeholder: t("dashboard.profile.photoUrlPlaceholder") }}
        />
        <SubmitButton pending={pending} pendingLabel={t("dashboard.form.saving")}>
          {t("dashboard.profile.save")}
        </SubmitButton>
        {actionData?.intent === "profile" && actionData.saved && !pending ? (
          <p className="form-success" role="status">
            {t("dashboard.profile.saved")}
          </p>
        ) : null}
      </Form>

      {profile.hasPassword ? (
        <>
          <h2>{t("dashboard.profile.changePassword")}</h2>
          <Form method="post" {...getFormProps(passwordForm)} className="card form-card">
            <IntentInput intent="password" />
            <FormErrors form={passwordForm} />
            <Field
              label={t("dashboard.profile.currentPassword")}
              type="password"
              meta={passwordFields.currentPassword}
              inputProps={{ autoComplete: "current-password" }}
            />
            <Field
              label={t("dashboard.profile.newPassword")}
              type="password"
              meta={passwordFields.password}
              inputProps={{ autoComplete: "new-password" }}
            />
            <Field
              label={t("dashboard.profile.retypePassword")}
              type="password"
              meta={passwordFields.confirmPassword}
              inputProps={{ autoComplete: "new-password" }}
            />
            <SubmitButton pending={pending} pendingLabel={t("dashboard.form.saving")}>
              {t("dashboard.profile.changePassword")}
            </SubmitButton>
          </Form>
        </>
      ) : null}

      <h2>{t("dashboard.profile.deleteAccount")}</h2>
      <Form method="post" {...getFormProps(deleteForm)} className="card form-card">
        <IntentInput intent="delete" />
        <p>{t("dashboard.profile.deleteText")}</p>
        <FormErrors form={deleteForm} />
        <Field
          label={
            profile.hasPassword
              ? t("dashboard.profile.confirmWithPassword", { word: DELETE_WORD })
              : t("dashboard.profile.confirmWithWord", { word: DELETE_WORD })
          }
          type="password"
          meta={deleteFields.confirm}
          inputProps={{ autoComplete: "off" }}
        />
        <SubmitButton pending={pending} pendingLabel={t("dashboard.form.deleting")} className="button button-secondary">
          {t("dashboard.profile.deleteButton")}
        </SubmitButton>
      </Form>
    </section>
  );
}
