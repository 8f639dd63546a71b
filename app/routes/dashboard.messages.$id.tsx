import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { messageActionSchema, replyHref } from "~/backoffice";
import { openContactMessage, setMessageHandled } from "~/backoffice/index.server";
import { dashboardTitle } from "~/http/page-meta";
import { formatDateTime } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const message = await openContactMessage(params.id ?? "");
  if (!message) throw data("This message does not exist.", { status: 404 });
  return { message };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  form.set("id", params.id ?? "");
  const submission = parseForm(form, messageActionSchema);
  if (submission.status !== "success") return data({ ok: false, message: "Unknown action: nothing changed." }, { status: 400 });
  if (!(await setMessageHandled(submission.value.id, admin.id, submission.value.intent === "handled"))) {
    return data({ ok: false, message: "This message does not exist." }, { status: 404 });
  }
  return { ok: true, message: submission.value.intent === "handled" ? "Marked as handled." : "Marked as not handled." };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.meta.message");

export default function MessagePage() {
  const { message } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <article aria-labelledby="message-title" className="message-page">
      <p>
        <Link to="/dashboard/messages">← All messages</Link>
      </p>
      <h1 id="message-title">{message.subject || "(no subject)"}</h1>
      <dl className="facts">
        <dt>From</dt>
        <dd>
          {message.name} &lt;<span className="break-anywhere">{message.email}</span>&gt;
        </dd>
        <dt>Received</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt>State</dt>
        <dd>{message.handledAt ? `Handled on ${formatDateTime(message.handledAt)}` : "Not handled yet"}</dd>
      </dl>
      <p className="message-text">{message.message}</p>
      {result ? (
        <p className={result.ok ? "alert alert-success" : "alert alert-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      <div className="actions-row">
        <a className="button" href={replyHref(message)}>
          Reply by email
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value={message.handledAt ? "unhandled" : "handled"} />
          <button type="submit" className="button button-secondary">
            {message.handledAt ? "Mark as not handled" : "Mark as handled"}
          </button>
        </Form>
      </div>
    </article>
  );
}
