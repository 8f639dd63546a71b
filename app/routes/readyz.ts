import { checkDatabaseReady } from "~/platform/db.server";

// Readiness: the database answers and every migration of this build is applied.
export async function loader() {
  const check = await checkDatabaseReady();
  return Response.json(
    check.ok
      ? { status: "ready" }
      : { status: "unavailable", pendingMigrations: check.pending, error: check.error ? "database unreachable" : undefined },
    { status: check.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
