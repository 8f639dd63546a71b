import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { INBOX_FILTERS, inboxFilter, messageActionSchema } from "~/backoffice";
import { INBOX_PAGE_SIZE, listContactMessages, setMessageHandled } from "~/backoffice/index.server";
import { DataTable } from "~/components/DataTable";
import { Pager } from "~/components/Pager";
import { dashboardTitle } from "~/http/page-meta";
import { formatDateTime } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { pageCount, pageNumber } from "~/platform/paging";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const filter = inboxFilter(searchParams);
  const page = pageNumber(searchParams);
  const { messages, total } = await listContactMessages(filter, page);
  return { messages, total, page, pages: pageCount(total, INBOX_PAGE_SIZE), filter };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), messageActionSchema);
  if (submission.status !== "success") return data({ ok: false, message: "Unknown action: nothing changed." }, { status: 400 });
  const { id, intent } = submission.value;
  if (!(await setMessageHandled(id, admin.id, intent === "handled"))) {
    return data({ ok: false, message: "This message does not exist." }, { status: 404 });
  }
  return { ok: true, message: intent === "handled" ? "Marked as handled." : "Marked as not handled." };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.messages");

const FILTER_LABELS = { unhandled: "To handle", all: "All", handled: "Handled" } as const;

function preview(text: string) {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

export default function MessagesInbox() {
  const { messages, total, page, pages, filter } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">Messages</h1>
      <nav className="filter-links" aria-label="Show messages">
        {INBOX_FILTERS.map((name) => (
          <Link key={name} to={name === "unhandled" ? "?" : `?state=${name}`} aria-current={name === filter ? "page" : undefined}>
            {FILTER_LABELS[name]}
          </Link>
        ))}
      </nav>
      {result ? (
        <p className={result.ok ? "alert alert-success" : "alert alert-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      <p>
        {total} {total === 1 ? "message" : "messages"}
      </p>
      <DataTable
        rows={messages}
        rowKey={(message) => message.id}
        empty={filter === "unhandled" ? "Nothing to handle: every message has been dealt with." : "No messages."}
        columns={[
          { header: "Received", cell: (message) => formatDateTime(message.createdAt) },
          {
            header: "From",
            cell: (message) => (
              <>
                {message.name}
                <br />
                <span className="break-anywhere">{message.email}</span>
              </>
            ),
          },
          {
            header: "Message",
            cell: (message) => (
              <Link to={`/dashboard/messages/${message.id}`} className={message.readAt ? undefined : "unread"}>
                <strong>{message.subject || "(no subject)"}</strong>
                <br />
                {preview(message.message)}
              </Link>
            ),
          },
          { header: "State", cell: (message) => (message.handledAt ? "Handled" : message.readAt ? "Read" : "New") },
          {
            header: "Action",
            cell: (message) => (
              <Form method="post">
                <input type="hidden" name="id" value={message.id} />
                <input type="hidden" name="intent" value={message.handledAt ? "unhandled" : "handled"} />
                <button type="submit" className="button button-small">
                  {message.handledAt ? "Mark as not handled" : "Mark as handled"}
                </button>
              </Form>
            ),
          },
        ]}
      />
      <Pager page={page} pageCount={pages} label="Pages of messages" />
    </section>
  );
}
