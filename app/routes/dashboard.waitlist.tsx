// /dashboard/waitlist: the customer's places on departures' waitlists (how many wait ahead, an
// offer's deadline and its checkout) and leaving one; the trip page's "Join the waitlist" posts here.
// Plain forms: the same without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { WAITLIST_JOINED, WAITLIST_LEFT, type WaitlistStatusName } from "~/booking";
import { joinWaitlist, leaveWaitlist, myWaitlist, WaitlistError, waitlistErrorStatus } from "~/booking/index.server";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formNulMessage } from "~/platform/forms";
import type { MessageKey } from "~/platform/i18n";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { places: await myWaitlist(user.id) };
}

const field = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const nul = formNulMessage(formData);
  if (nul) return data({ ok: false, message: nul }, { status: 400 });
  const departure = field(formData, "departure").slice(0, 100);
  try {
    if (field(formData, "intent") === "leave") {
      await leaveWaitlist(user.id, departure);
      return { ok: true, message: WAITLIST_LEFT };
    }
    // One `category` per traveller (the trip page's counts), or none: one of the first category.
    const categories = formData.getAll("category").filter((value): value is string => typeof value === "string");
    const travellers =
      categories.length > 0 ? categories.slice(0, 21).map((category) => ({ category: category.slice(0, 41) })) : 1;
    const type = field(formData, "type");
    await joinWaitlist(user.id, departure, { travellers }, { packageType: type });
    return { ok: true, message: WAITLIST_JOINED };
  } catch (error) {
    if (error instanceof WaitlistError)
      return data({ ok: false, message: error.message }, { status: waitlistErrorStatus(error) });
    throw error;
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorFrom(matches);
  return [{ title: `${t("waitlist.mine.title")} — Tour Booking` }];
};

const STATUS: Record<WaitlistStatusName, MessageKey> = {
  waiting: "waitlist.status.waiting",
  offered: "waitlist.status.offered",
  booked: "waitlist.status.booked",
  left: "waitlist.status.left",
  expired: "waitlist.status.expired",
};

export default function MyWaitlist() {
  const { places } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, text } = useT();
  const format = useFormat();
  return (
    <section className="dashboard-section" aria-labelledby="waitlist-title">
      <h1 id="waitlist-title">{t("waitlist.mine.title")}</h1>
      {result ? (
        <p className={result.ok ? "form-success" : "field-error"} role={result.ok ? "status" : "alert"}>
          {text(result.message)}
        </p>
      ) : null}
      {places.length === 0 ? <p>{t("waitlist.mine.empty")}</p> : null}
      <ul className="waitlist-places">
        {places.map((place) => (
          <li key={place.id} className="card waitlist-place">
            <h2>
              <Link to={`/order/${place.packageId}`}>{place.title}</Link>
            </h2>
            <p>
              <time dateTime={place.date}>{format.calendarDate(place.date)}</time>
              {" · "}
              {t("waitlist.mine.party", { persons: place.persons })}
              {" · "}
              <strong>{t(STATUS[place.status])}</strong>
            </p>
            {place.status === "waiting" && place.ahead !== null ? (
              <p>{t("waitlist.mine.ahead", { count: place.ahead })}</p>
            ) : null}
            {place.status === "offered" && place.offerExpiresAt ? (
              <>
                <p>{t("waitlist.mine.offered", { until: format.dateTime(place.offerExpiresAt) })}</p>
                <Link to={place.checkoutPath} className="button button-accent">
                  {t("waitlist.mine.book")}
                </Link>
              </>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="leave" />
              <input type="hidden" name="departure" value={place.departure} />
              <button type="submit" className="button">
                {t("waitlist.mine.leave")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
