// A booking's calendar file (issue 40 item 6), parsed back: an all-day event from the departure's
// day for the package's days, with its meeting point and a link back; the same UID with a higher
// SEQUENCE once the date moves; METHOD:CANCEL once cancelled; for the owner and administrators only,
// and only for a booking with something to put in a calendar. Lines are CRLF, folded at 75 octets.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as calendarRoute from "~/routes/dashboard.orders.$id_.calendar[.]ics";
import { authedGet, createUser, signIn } from "../support/auth";
import { createDeparture, createPackage } from "../support/bookings";
import { callRoute } from "../support/requests";

const MEETING = "Sayedabad bus terminal, counter 7; Dhaka — ask for the Green Line coach of the morning";
const cookies = { owner: "", stranger: "", admin: "" };
let orderId = "";
let pendingId = "";

beforeAll(async () => {
  const prisma = await db();
  const owner = await createUser();
  cookies.owner = await signIn(owner.id);
  cookies.stranger = await signIn((await createUser()).id);
  cookies.admin = await signIn((await createUser({ role: "ADMIN" })).id);
  const tour = await createPackage(10_000);
  await prisma.service.update({ where: { id: tour.id }, data: { meetingPoint: MEETING, durationDays: 3 } });
  const departure = await createDeparture(tour.id, "2030-05-20");
  const order = (status: "CONFIRMED" | "PENDING") =>
    prisma.order.create({
      data: {
        userId: owner.id,
        serviceId: tour.id,
        serviceTitle: "Sajek Valley",
        unitPriceCents: 10_000,
        quantity: 2,
        packageType: "couple",
        priceCents: 20_000,
        firstName: "Rina",
        lastName: "Das",
        streetAddress: "House 4",
        townName: "Dhanmondi",
        district: "Dhaka",
        mobileNumber: "01712345678",
        email: "rina@example.com",
        departureId: departure.id,
        travelDate: departure.startDate,
        bookingStatus: status,
      },
    });
  orderId = (await order("CONFIRMED")).id;
  pendingId = (await order("PENDING")).id;
});

/** The file's properties by name (unfolded, unescaped), and its raw lines. */
function parse(ics: string) {
  const raw = ics.split("\r\n");
  const lines = ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const props = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).split(";")[0];
    const value = line
      .slice(colon + 1)
      .replace(/\\n/g, "\n")
      .replace(/\\([\\;,])/g, "$1");
    if (!props.has(name)) props.set(name, value);
  }
  return { props, raw, lines };
}

const download = (who: keyof typeof cookies, id = orderId) =>
  callRoute(calendarRoute.loader, authedGet(`/dashboard/orders/${id}/calendar.ics`, cookies[who]), { id });

describe("a booking's calendar file", () => {
  let firstSequence = 0;

  it("is an all-day event for the package's days with the meeting point and a link back", async () => {
    const answer = await download("owner");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const ics = answer.data as string;
    expect(ics.endsWith("\r\n")).toBe(true);
    const { props, raw, lines } = parse(ics);
    for (const line of raw) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(raw.length).toBeGreaterThan(lines.length); // the long meeting point was folded
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(props.get("VERSION")).toBe("2.0");
    expect(props.get("METHOD")).toBe("PUBLISH");
    expect(props.get("UID")).toBe(`booking-${orderId}@tour-booking`);
    expect(lines).toContain("DTSTART;VALUE=DATE:20300520");
    expect(lines).toContain("DTEND;VALUE=DATE:20300523");
    expect(props.get("LOCATION")).toBe(MEETING);
    expect(props.get("URL")).toMatch(new RegExp(`/dashboard/orders/${orderId}$`));
    expect(props.get("SUMMARY")).toMatch(/^Sajek Valley \(/);
    expect(props.get("STATUS")).toBe("CONFIRMED");
    firstSequence = Number(props.get("SEQUENCE"));
    expect(Number.isInteger(firstSequence)).toBe(true);
    expect((await download("admin")).status).toBe(200);
  });

  it("keeps its UID with a higher SEQUENCE when the date moves, and cancels the event with the booking", async () => {
    const prisma = await db();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await prisma.order.update({ where: { id: orderId }, data: { travelDate: new Date("2030-05-27") } });
    const moved = parse((await download("owner")).data as string);
    expect(moved.props.get("UID")).toBe(`booking-${orderId}@tour-booking`);
    expect(moved.lines).toContain("DTSTART;VALUE=DATE:20300527");
    expect(Number(moved.props.get("SEQUENCE"))).toBeGreaterThan(firstSequence);

    await prisma.order.update({ where: { id: orderId }, data: { bookingStatus: "CANCELLED" } });
    const cancelled = parse((await download("owner")).data as string);
    expect(cancelled.props.get("METHOD")).toBe("CANCEL");
    expect(cancelled.props.get("STATUS")).toBe("CANCELLED");
    expect(cancelled.props.get("UID")).toBe(`booking-${orderId}@tour-booking`);
  });

  it("is the owner's and administrators' only, and only for a booking to put in a calendar", async () => {
    expect((await download("stranger")).status).toBe(404);
    expect((await download("owner", pendingId)).status).toBe(404);
    expect((await download("owner", "not-an-id")).status).toBe(404);
  });
});
