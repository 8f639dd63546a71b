import { describe, expect, it } from "vitest";
import { addCartReadiness } from "~/booking/placing/add-cart";

const dates = [
  { id: "d1", seatsLeft: 3 },
  { id: "d2", seatsLeft: 0 },
];

describe("addCartReadiness", () => {
  it("names only what is still missing", () => {
    const none = { quantity: 1, packageType: null, departure: null };
    expect(addCartReadiness(none, dates).hint).toBe("Choose a date and a package type to continue.");
    expect(addCartReadiness({ ...none, packageType: "city" }, dates).hint).toBe("Choose a date to continue.");
    expect(addCartReadiness({ ...none, departure: "d1" }, dates).hint).toBe("Choose a package type to continue.");
    expect(addCartReadiness(none, []).hint).toBe("Choose a package type to continue.");
  });

  it("is ready with a date that has the seats and a type; a sold-out or unknown date is no date", () => {
    expect(addCartReadiness({ quantity: 3, packageType: "city", departure: "d1" }, dates)).toEqual({
      departure: dates[0],
      seatsProblem: null,
      hint: null,
    });
    expect(addCartReadiness({ quantity: 2, packageType: "group", departure: null }, []).hint).toBeNull();
    for (const departure of ["d2", "elsewhere"]) {
      expect(addCartReadiness({ quantity: 1, packageType: "city", departure }, dates)).toMatchObject({
        departure: null,
        hint: "Choose a date to continue.",
      });
    }
  });

  it("asks for fewer persons than the date's seats", () => {
    expect(addCartReadiness({ quantity: 4, packageType: "city", departure: "d1" }, dates)).toEqual({
      departure: dates[0],
      seatsProblem: "Only 3 seats left on this date.",
      hint: "Choose fewer persons or another date to continue.",
    });
  });
});
