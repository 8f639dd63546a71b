import { describe, expect, it } from "vitest";
import {
  departureActions,
  departureSchema,
  maxPersons,
  newDepartureDateError,
  seatsChangeError,
  seatsLeft,
  seatsRefusal,
} from "~/booking/departures/departures";
import { isCalendarDate } from "~/platform/dates";

describe("departure rules", () => {
  it("accepts only real calendar dates", () => {
    expect(isCalendarDate("2027-02-28")).toBe(true);
    expect(isCalendarDate("2027-02-30")).toBe(false);
    expect(isCalendarDate("12/12/2026")).toBe(false);
  });

  it("wants a future date and 1 to 500 seats", () => {
    expect(newDepartureDateError("2026-11-24", "2026-11-23")).toBeNull();
    expect(newDepartureDateError("2026-11-23", "2026-11-23")).toBe("The date must be in the future.");
    expect(departureSchema.safeParse({ date: "2027-01-10", seats: "12" }).data).toEqual({ date: "2027-01-10", seats: 12 });
    expect(departureSchema.safeParse({ date: "2027-01-10", seats: 0 }).error?.issues[0].message).toBe("At least 1 seat.");
    expect(departureSchema.safeParse({ date: "2027-01-10", seats: 501 }).error?.issues[0].message).toBe("At most 500 seats.");
    expect(departureSchema.safeParse({ date: "soon", seats: 5 }).error?.issues[0].message).toBe(
      "Please enter a date as YYYY-MM-DD.",
    );
  });

  it("never lowers the seats below the seats sold", () => {
    expect(seatsChangeError(4, 4)).toBeNull();
    expect(seatsChangeError(3, 4)).toBe("4 seats are sold: the seats cannot be fewer.");
  });

  it("counts and words the seats left", () => {
    expect(seatsLeft({ seats: 10, seatsTaken: 7 })).toBe(3);
    expect(seatsRefusal(2)).toBe("Only 2 seats left on this date.");
    expect(seatsRefusal(0)).toBe("This date is sold out.");
    expect(maxPersons(3)).toBe(3);
    expect(maxPersons(60)).toBe(20);
  });

  it("offers close and cancel when open, reopen and cancel when closed, nothing once cancelled", () => {
    expect(departureActions("OPEN")).toEqual(["close", "cancel"]);
    expect(departureActions("CLOSED")).toEqual(["reopen", "cancel"]);
    expect(departureActions("CANCELLED")).toEqual([]);
  });
});
