// GET /dashboard/export/users.csv (administrators): every account, oldest first, streamed as CSV
// 1,000 rows at a time. For people: the registration time as the pages write it, in Dhaka time.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers, requireAdmin } from "~/accounts/index.server";
import { csvHeaders, csvStream } from "~/http/csv";
import { agencyToday, formatDateTime } from "~/platform/dates";
import { keysetPages } from "~/platform/paging";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  async function* rows() {
    for await (const page of keysetPages(listUsers)) {
      yield page.map((user) => [
        user.id,
        user.email,
        user.displayName,
        user.role === "ADMIN" ? "admin" : "customer",
        user.disabled ? "yes" : "no",
        formatDateTime(user.createdAt),
      ]);
    }
  }
  return new Response(csvStream(["User id", "E-mail", "Name", "Role", "Disabled", "Registered at"], rows()), {
    headers: csvHeaders(`users-${agencyToday()}.csv`),
  });
}
