import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ACCESS_MESSAGES, type AccessAction, accessChangeSchema, type AccessRefusal, auditLine } from "~/accounts";
import { changeUserAccess, DELETED_EMAIL_DOMAIN, listUsersPage, requireAdmin } from "~/accounts/index.server";
import { DataTable } from "~/components/DataTable";
import { Pager } from "~/components/Pager";
import { dashboardTitle } from "~/http/page-meta";
import { formatDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { pageCount, pageNumber } from "~/platform/paging";

const PAGE_SIZE = 25;
const MAX_QUERY = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const page = pageNumber(params);
  const { total, users } = await listUsersPage({ query, page, pageSize: PAGE_SIZE });
  return {
    query,
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    me: admin.id,
    users: users.map(({ _count, auditEntries, createdAt, email, ...user }) => ({
      ...user,
      email,
      deleted: email.endsWith(DELETED_EMAIL_DOMAIN),
      created: formatDate(createdAt),
      orders: _count.orders,
      lastChange: auditEntries[0]
        ? auditLine({
            action: auditEntries[0].action,
            actorName: auditEntries[0].actor.displayName,
            createdAt: auditEntries[0].createdAt,
          })
        : null,
    })),
  };
}

const REFUSED_STATUS: Record<AccessRefusal, number> = { "not-admin": 403, "not-found": 404, "last-admin": 409, self: 409 };

/** A row's button asks first: "confirm-<change>" changes nothing and the page shows the question, whose form posts the change. */
const CONFIRM = "confirm-";

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const asked = String(formData.get("intent") ?? "");
  const asking = asked.startsWith(CONFIRM);
  if (asking) formData.set("intent", asked.slice(CONFIRM.length));
  const submission = parseForm(formData, accessChangeSchema);
  if (submission.status !== "success") {
    return data({ ok: false, message: ACCESS_MESSAGES["not-found"] }, { status: 400 });
  }
  const { id, intent } = submission.value;
  if (asking) return { confirm: { id, intent } };
  const decision = await changeUserAccess(admin.id, id, intent);
  if ("refused" in decision) {
    return data({ ok: false, message: ACCESS_MESSAGES[decision.refused] }, { status: REFUSED_STATUS[decision.refused] });
  }
  return { ok: true, message: "unchanged" in decision ? ACCESS_MESSAGES.unchanged : ACCESS_MESSAGES[intent] };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.users");

const ROLE_LABEL = { ADMIN: "Admin", GUIDE: "Guide", CUSTOMER: "Customer" } as const;

/** The confirmation's question and its button, naming the person and the role. */
const QUESTIONS: Record<AccessAction, (name: string) => { question: string; yes: string }> = {
  "make-admin": (name) => ({
    question: `Make ${name} an admin? An admin sees and changes every booking, package and account.`,
    yes: `Yes, make ${name} an admin`,
  }),
  "revoke-admin": (name) => ({ question: `Revoke the admin role of ${name}?`, yes: `Yes, revoke the admin role of ${name}` }),
  "make-guide": (name) => ({
    question: `Make ${name} a guide? A guide sees the departures' manifests and checks travellers in.`,
    yes: `Yes, make ${name} a guide`,
  }),
  "revoke-guide": (name) => ({ question: `Remove the guide role of ${name}?`, yes: `Yes, remove the guide role of ${name}` }),
  disable: (name) => ({
    question: `Disable the account of ${name}? They are signed out everywhere at once and cannot sign in.`,
    yes: `Yes, disable ${name}`,
  }),
  enable: (name) => ({ question: `Re-enable the account of ${name}?`, yes: `Yes, re-enable ${name}` }),
};

type Row = ReturnType<typeof useLoaderData<typeof loader>>["users"][number];

function RowActions({ user, me }: { user: Row; me: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === user.id;
  if (user.deleted) return <span className="muted">Deleted account</span>;
  return (
    <Form method="post" className="row-actions">
      <input type="hidden" name="id" value={user.id} />
      {user.role === "ADMIN" ? (
        <button
          type="submit"
          name="intent"
          value="confirm-revoke-admin"
          className="button button-small button-secondary"
          disabled={busy}
          aria-label={`Revoke admin rights of ${user.displayName}`}
        >
          Revoke admin
        </button>
      ) : (
        <button
          type="submit"
          name="intent"
          value="confirm-make-admin"
          className="button button-small button-secondary"
          disabled={busy}
          aria-label={`Make admin: ${user.displayName}`}
        >
          Make admin
        </button>
      )}
      {user.role === "GUIDE" ? (
        <button
          type="submit"
          name="intent"
          value="confirm-revoke-guide"
          className="button button-small button-secondary"
          disabled={busy}
          aria-label={`Remove guide: ${user.displayName}`}
        >
          Remove guide
        </button>
      ) : user.role === "CUSTOMER" ? (
        <button
          type="submit"
          name="intent"
          value="confirm-make-guide"
          className="button button-small button-secondary"
          disabled={busy}
          aria-label={`Make guide: ${user.displayName}`}
        >
          Make guide
        </button>
      ) : null}
      {user.disabled ? (
        <button
          type="submit"
          name="intent"
          value="confirm-enable"
          className="button button-small"
          disabled={busy}
          aria-label={`Re-enable ${user.displayName}`}
        >
          Re-enable
        </button>
      ) : user.id === me ? null : (
        <button
          type="submit"
          name="intent"
          value="confirm-disable"
          className="button button-small button-danger"
          disabled={busy}
          aria-label={`Disable ${user.displayName}`}
        >
          Disable
        </button>
      )}
    </Form>
  );
}

/** The second step: the question naming the person and the role, its Yes posting the change, and a way back. */
function ConfirmChange({ id, intent, name }: { id: string; intent: AccessAction; name: string }) {
  const { question, yes } = QUESTIONS[intent](name);
  const { pathname, search } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the page does not reload: bring the question into view and focus.
  useEffect(() => heading.current?.focus(), [id, intent]);
  return (
    <section className="card confirm-panel" aria-labelledby="confirm-title">
      <h2 id="confirm-title" tabIndex={-1} ref={heading}>
        Please confirm
      </h2>
      <p>{question}</p>
      <Form method="post" className="row-actions">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value={intent} className={intent === "disable" ? "button button-danger" : "button"}>
          {yes}
        </button>
        <Link to={`${pathname}${search}`} className="button button-secondary">
          No, keep as is
        </Link>
      </Form>
    </section>
  );
}

export default function UsersPage() {
  const { users, query, page, pages, total, me } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const confirm = answer && "confirm" in answer ? answer.confirm : null;
  const result = answer && "message" in answer ? answer : null;
  const asked = confirm ? users.find((user) => user.id === confirm.id) : undefined;
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <Form method="get" className="list-search" role="search">
        <label htmlFor="users-q">Search by name or email</label>
        <input id="users-q" type="search" name="q" defaultValue={query} maxLength={MAX_QUERY} />
        <button type="submit" className="button button-small">
          Search
        </button>
      </Form>
      {confirm ? <ConfirmChange id={confirm.id} intent={confirm.intent} name={asked?.displayName ?? "this account"} /> : null}
      {result ? (
        <p className={`alert ${result.ok ? "alert-success" : "alert-error"}`} role="status">
          {result.message}
        </p>
      ) : null}
      <p className="muted">
        {total === 1 ? "1 user" : `${total} users`}
        {query ? ` matching “${query}”` : ""}
      </p>
      <DataTable
        rows={users}
        rowKey={(user) => user.id}
        empty="No users found."
        columns={[
          { header: "Name", cell: (user) => user.displayName },
          { header: "Email", cell: (user) => user.email },
          {
            header: "Role",
            cell: (user) => (
              <>
                {ROLE_LABEL[user.role]}
                {user.disabled ? <span className="badge badge-danger">Disabled</span> : null}
              </>
            ),
          },
          { header: "Created", cell: (user) => user.created },
          { header: "Orders", cell: (user) => user.orders },
          { header: "Last change", cell: (user) => user.lastChange ?? "—" },
          { header: "Actions", cell: (user) => <RowActions user={user} me={me} /> },
        ]}
      />
      <Pager page={page} pageCount={pages} label="Pages of users" />
    </section>
  );
}
