import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { contactSchema } from "~/backoffice";
import { receiveContactMessage } from "~/backoffice/index.server";
import { Field, FormErrors, SubmitButton, TextareaField } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { originFrom, pageMeta } from "~/http/page-meta";
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

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact — Tour Booking",
    description: "Contact our travel agency: address, phone, email and business hours.",
    path: "/contact",
    origin: originFrom(matches),
  });

export default function ContactPage() {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(contactSchema, { lastResult: actionData?.result });

  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>Contact Us</h1>
          <p>Questions about a tour? Write to us and we will answer within one business day.</p>
        </div>
      </section>
      <div className="container page-section contact-layout">
        <section aria-labelledby="contact-form-title" className="card form-card">
          <h2 id="contact-form-title">Send us a message</h2>
          {actionData?.sent ? (
            <p className="form-success" role="status">
              Your message was sent Successfully
            </p>
          ) : null}
          <FormErrors form={form} />
          <Form method="post" {...getFormProps(form)}>
            <Field label="Name" meta={fields.name} inputProps={{ placeholder: "Your Name *", autoComplete: "name" }} />
            <Field
              label="Email"
              meta={fields.email}
              type="email"
              inputProps={{ placeholder: "Your Email *", autoComplete: "email" }}
            />
            <Field label="Subject" meta={fields.subject} inputProps={{ placeholder: "Subject" }} />
            <TextareaField label="Message" meta={fields.message} textareaProps={{ rows: 6, placeholder: "Your message" }} />
            <SubmitButton pending={pending} pendingLabel="Sending">
              Send Message
            </SubmitButton>
          </Form>
        </section>
        <section aria-labelledby="contact-details-title" className="contact-details">
          <h2 id="contact-details-title">Contact details</h2>
          <address>
            Tour Booking Ltd.
            <br />
            House 12, Road 5, Dhanmondi
            <br />
            Dhaka 1205, Bangladesh
            <br />
            Phone: <a href="tel:+8801700000000">+880 1700-000000</a>
            <br />
            Email: <a href="mailto:hello@tourbooking.test">hello@tourbooking.test</a>
          </address>
          <h3>Business hours</h3>
          <p>Mon-Fri 8:00-20:00</p>
          <h3>Find us</h3>
          <a href="https://www.openstreetmap.org/search?query=Dhanmondi%20Dhaka" target="_blank" rel="noopener noreferrer">
            <img
              src="/images/map.svg"
              width={640}
              height={360}
              loading="lazy"
              alt="Map: our office in Dhanmondi, Dhaka (opens a full map in a new tab)"
              className="map"
            />
          </a>
        </section>
      </div>
    </>
  );
}
