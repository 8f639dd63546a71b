import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ACCESS_MESSAGES, accessChangeSchema, type AccessRefusal, auditLine } from "~/accounts";
import { changeUserAccess, DELETED_EMAIL_DOMAIN, listUsersPage, requireAdmin } from "~/accounts/index.server";
import { DataTable } from "~/components/DataTable";
import { Pager } from "~/components/Pager";
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

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), accessChangeSchema);
  if (submission.status !== "success") {
    return data({ ok: false, message: ACCESS_MESSAGES["not-found"] }, { status: 400 });
  }
  const { id, intent } = submission.value;
  const decision = await changeUserAccess(admin.id, id, intent);
  if ("refused" in decision) {
    return data({ ok: false, message: ACCESS_MESSAGES[decision.refused] }, { status: REFUSED_STATUS[decision.refused] });
  }
  return { ok: true, message: "unchanged" in decision ? ACCESS_MESSAGES.unchanged : ACCESS_MESSAGES[intent] };
}

export const meta: MetaFunction = () => [{ title: "Users — Tour Booking" }];

const ROLE_LABEL = { ADMIN: "Admin", GUIDE: "Guide", CUSTOMER: "Customer" } as const;

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
          value="revoke-admin"
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
          value="make-admin"
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
          value="revoke-guide"
          className="button button-small button-secondary"
          disabled={busy}
          aria-label={`Remove the guide role of ${user.displayName}`}
        >
          Remove guide
        </button>
      ) : user.role === "CUSTOMER" ? (
        <button
          type="submit"
          name="intent"
          value="make-guide"
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
          value="enable"
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
          value="disable"
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

export default function UsersPage() {
  const { users, query, page, pages, total, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
