// /dashboard/orders/{id}/calendar.ics: the booking's calendar event (issue 40 item 6) for its owner
// or an administrator, in the reader's language; anyone else, or a booking with nothing to put in a
// calendar (not confirmed, no date): 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/index.server";
import { calendarOf } from "~/booking/index.server";
import { chooseLanguage } from "~/platform/i18n.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await calendarOf(params.id ?? "", user, chooseLanguage(request).language);
  if (!found) throw new Response("No such booking", { status: 404 });
  return new Response(found.ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${found.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
