// Guides on departures. An administrator assigns a guide (an enabled account with the guide role) or
// none. A guide runs their own departures and those with no guide assigned (any guide may still
// cover an unassigned date, as before guides were assigned); another guide's departure is refused
// (403) on the manifest page, its CSV, the manifest API, check-in and its API. Administrators run all.
import { DepartureError, NO_DEPARTURE } from "~/booking/departures/departures.server";
import { findGuideEmail, setDepartureGuide } from "~/booking/departures/guide-store.server";
import { findManifestDeparture } from "~/booking/departures/manifest-store.server";

const NOT_A_GUIDE = "guide must be the email of a guide's account (a user with the guide role), or null for none.";
const ANOTHER_GUIDES_DEPARTURE = "This departure is another guide's: only its guide and administrators read it.";
const NOT_ITS_GUIDE = "Only administrators and the departure's assigned guide send it a broadcast.";

/** Sets the departure's guide by email (null: none). 1 when changed, 0 when it already was so. */
export async function assignGuide(departureId: string, email: string | null): Promise<number> {
  const normalised = email === null ? null : email.trim().toLowerCase();
  if ((await setDepartureGuide(departureId, normalised)) === 1) return 1;
  const now = await findGuideEmail(departureId);
  if (!now) throw new DepartureError("not-found", NO_DEPARTURE);
  if (now.email === normalised) return 0;
  throw new DepartureError("invalid", NOT_A_GUIDE, "guide");
}

/** Whether this staff member runs the departure: an administrator, its guide, or any guide when none is assigned. */
export function mayRunDeparture(staff: { id: string; isAdmin: boolean }, guideId: string | null): boolean {
  return staff.isAdmin || guideId === null || guideId === staff.id;
}

export type StaffDeparture = NonNullable<Awaited<ReturnType<typeof findManifestDeparture>>>;

/** The departure of a manifest or a check-in for this staff member, or why not (404 none, 403 another guide's). */
export async function staffDeparture(
  id: string,
  staff: { id: string; isAdmin: boolean },
): Promise<{ departure: StaffDeparture } | { refused: { status: 403 | 404; message: string } }> {
  const departure = await findManifestDeparture(id);
  if (!departure) return { refused: { status: 404, message: "No departure has this id." } };
  if (!mayRunDeparture(staff, departure.guideId)) return { refused: { status: 403, message: ANOTHER_GUIDES_DEPARTURE } };
  return { departure };
}

/**
 * The departure a broadcast goes to, for this staff member: stricter than reading its manifest, since
 * a broadcast reaches every traveller's phone. Administrators, and its assigned guide only (none
 * assigned: administrators only).
 */
export async function departureToBroadcast(
  id: string,
  staff: { id: string; isAdmin: boolean },
): ReturnType<typeof staffDeparture> {
  const found = await staffDeparture(id, staff);
  if ("refused" in found || staff.isAdmin || found.departure.guideId === staff.id) return found;
  return { refused: { status: 403, message: NOT_ITS_GUIDE } };
}
