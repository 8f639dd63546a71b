import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { contactSchema } from "~/backoffice";
import { receiveContactMessage } from "~/backoffice/index.server";
import { Field, FormErrors, SubmitButton, TextareaField } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { originFrom, pageMeta, translatorFrom } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseForm(formData, contactSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  // Messages per client address (when the server tells us the address): each one is stored and mailed.
  const counted = await take("contact", { address: clientAddress(request, context) });
  if (counted.refused) {
    return data(
      { result: submission.reply({ formErrors: [counted.refused.message] }), sent: false },
      { status: 429, headers: retryAfter(counted.refused) },
    );
  }
  await receiveContactMessage(submission.value);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorFrom(matches);
  return pageMeta({
    title: t("contact.meta.title"),
    description: t("contact.meta.description"),
    path: "/contact",
    origin: originFrom(matches),
  });
};

export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { t } = useT();
  const [form, fields] = useAppForm(contactSchema, { lastResult: actionData?.result });

  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>{t("contact.title")}</h1>
          <p>{t("contact.text")}</p>
        </div>
      </section>
      <div className="container page-section contact-layout">
        <section aria-labelledby="contact-form-title" className="card form-card">
          <h2 id="contact-form-title">{t("contact.form.title")}</h2>
          {actionData?.sent ? (
            <p className="form-success" role="status">
              {t("contact.sent")}
            </p>
          ) : null}
          <FormErrors form={form} />
          <Form method="post" {...getFormProps(form)}>
            <Field
              label={t("contact.name")}
              meta={fields.name}
              inputProps={{ placeholder: t("contact.namePlaceholder"), autoComplete: "name" }}
            />
            <Field
              label={t("contact.email")}
              meta={fields.email}
              type="email"
              inputProps={{ placeholder: t("contact.emailPlaceholder"), autoComplete: "email" }}
            />
            <Field
              label={t("contact.subject")}
              meta={fields.subject}
              inputProps={{ placeholder: t("contact.subjectPlaceholder") }}
            />
            <TextareaField
              label={t("contact.message")}
              meta={fields.message}
              textareaProps={{ rows: 6, placeholder: t("contact.messagePlaceholder") }}
            />
            <SubmitButton pending={pending} pendingLabel={t("contact.sending")}>
              {t("contact.send")}
            </SubmitButton>
          </Form>
        </section>
        <section aria-labelledby="contact-details-title" className="contact-details">
          <h2 id="contact-details-title">{t("contact.details.title")}</h2>
          <address>
            {t("contact.details.company")}
            <br />
            {t("contact.details.street")}
            <br />
            {t("contact.details.city")}
            <br />
            {t("contact.details.phone")} <a href="tel:+8801700000000">+880 1700-000000</a>
            <br />
            {t("contact.details.email")} <a href="mailto:hello@tourbooking.test">hello@tourbooking.test</a>
          </address>
          <h3>{t("contact.hours.title")}</h3>
          <p>{t("contact.hours.text")}</p>
          <h3>{t("contact.map.title")}</h3>
          <a href="https://www.openstreetmap.org/search?query=Dhanmondi%20Dhaka" target="_blank" rel="noopener noreferrer">
            <img src="/images/map.svg" width={640} height={360} loading="lazy" alt={t("contact.map.image")} className="map" />
          </a>
        </section>
      </div>
    </>
  );
}
