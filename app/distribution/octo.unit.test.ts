import { describe, expect, it } from "vitest";
import { availabilityId, cancellationCutoffDays, departureState, netCents, startTimeOf } from "~/distribution/octo";

describe("OCTO rules", () => {
  it("reads the start time from the meeting point, 08:00 when it names none", () => {
    expect(startTimeOf("Sadarghat launch terminal, 7:30 am")).toBe("07:30");
    expect(startTimeOf("Hotel lobby at 9.15 PM")).toBe("21:15");
    expect(startTimeOf("Bus stand 12:00 am")).toBe("00:00");
    expect(startTimeOf("Station 16:45")).toBe("16:45");
    expect(startTimeOf("Gate 3, Road 12")).toBe("08:00");
    expect(startTimeOf(null)).toBe("08:00");
  });

  it("takes the commission off the retail price, rounded to the cent", () => {
    expect(netCents(20000, 1250)).toBe(17500);
    expect(netCents(12050, 1250)).toBe(10544);
    expect(netCents(999, 0)).toBe(999);
    expect(netCents(999, 10000)).toBe(0);
  });

  it("cuts cancellations off at the last full refund, else the last refund, else 0 days", () => {
    expect(
      cancellationCutoffDays([
        { minDays: 14, percent: 100 },
        { minDays: 7, percent: 50 },
      ]),
    ).toBe(14);
    expect(
      cancellationCutoffDays([
        { minDays: 5, percent: 60 },
        { minDays: 2, percent: 20 },
      ]),
    ).toBe(2);
    expect(cancellationCutoffDays([{ minDays: 3, percent: 0 }])).toBe(0);
  });

  it("names an availability by its local start and states it from the seats left", () => {
    expect(availabilityId("2027-01-08", "07:30")).toBe("2027-01-08T07:30:00+06:00");
    const departure = { date: "2027-01-08", seats: 10, seatsTaken: 0, status: "OPEN" as const, prices: null, pricePercent: null };
    expect(departureState(departure, 10, "2027-01-01").status).toBe("AVAILABLE");
    expect(departureState(departure, 5, "2027-01-01").status).toBe("AVAILABLE");
    expect(departureState(departure, 4, "2027-01-01").status).toBe("LIMITED");
    expect(departureState(departure, 0, "2027-01-01").status).toBe("SOLD_OUT");
    expect(departureState(departure, 10, "2027-01-08")).toEqual({ status: "CLOSED", vacancies: 0, capacity: 10 });
    expect(departureState({ ...departure, status: "CLOSED" }, 10, "2027-01-01").status).toBe("CLOSED");
  });
});
