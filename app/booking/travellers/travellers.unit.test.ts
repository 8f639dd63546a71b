import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_QUANTITY, MIN_QUANTITY, totalCents } from "~/booking/core/booking-choices";
import {
  ageOn,
  countTravellers,
  detailsToFollow,
  detailsToFollowText,
  priceBooking,
  validateTraveller,
  validateTravellers,
} from "~/booking/travellers/travellers";
import { DEFAULT_CATEGORY_ID, defaultCategories, type PriceCategory } from "~/catalogue/price-categories";

const category = (fields: Partial<PriceCategory> & Pick<PriceCategory, "id" | "name">): PriceCategory => ({
  type: "OTHER",
  price: 0,
  minAge: null,
  maxAge: null,
  takesSeat: true,
  min: 0,
  max: 20,
  ...fields,
});

const adult = category({ id: "adult1", name: "Adult", type: "ADULT", price: 450, minAge: 12, min: 1 });
const child = category({ id: "child1", name: "Child", type: "CHILD", price: 300, minAge: 2, maxAge: 11, max: 10 });
const infant = category({ id: "infant1", name: "Infant", type: "INFANT", minAge: 0, maxAge: 1, takesSeat: false, max: 4 });
const senior = category({ id: "senior1", name: "Senior", type: "SENIOR", price: 400, minAge: 60 });
const family = [adult, child, infant, senior];

describe("priceBooking", () => {
  it("prices a family of 2 adults, 1 child and 1 infant", () => {
    expect(priceBooking(family, { adult1: 2, child1: 1, infant1: 1 })).toEqual({
      ok: true,
      total: 1200,
      seats: 3,
      persons: 4,
      lines: [
        { category: adult, count: 2, subtotal: 900 },
        { category: child, count: 1, subtotal: 300 },
        { category: infant, count: 1, subtotal: 0 },
      ],
    });
  });

  it("prices a package without categories as the spec's order page does: persons × cost, 1 to 20", () => {
    const categories = defaultCategories(450);
    for (let persons = MIN_QUANTITY; persons <= MAX_QUANTITY; persons++) {
      const price = priceBooking(categories, { [DEFAULT_CATEGORY_ID]: persons });
      expect(price).toMatchObject({ ok: true, total: totalCents(45_000, persons) / 100, seats: persons, persons });
    }
    expect(priceBooking(categories, {})).toMatchObject({ ok: false, message: "Adult: at least 1 per booking." });
    expect(priceBooking(categories, { adult: 21 })).toMatchObject({ ok: false, message: "Adult: at most 20 per booking." });
  });

  it("takes a category left out as none of it", () => {
    expect(priceBooking(family, { adult1: 1 })).toMatchObject({ ok: true, total: 450, persons: 1 });
  });

  it("refuses a category the package does not have, unless none of it is booked", () => {
    expect(priceBooking(family, { adult1: 1, student9: 1 })).toEqual({
      ok: false,
      category: "student9",
      message: "This price category does not exist.",
    });
    expect(priceBooking(family, { adult1: 1, student9: 0 })).toMatchObject({ ok: true, total: 450 });
    expect(priceBooking(family, JSON.parse('{"adult1": 1, "__proto__": 1}'))).toMatchObject({ category: "__proto__" });
  });

  it("reads only the counts' own keys", () => {
    const odd = [category({ id: "constructor", name: "Adult", min: 0 }), category({ id: "toString", name: "Child" })];
    expect(priceBooking(odd, { toString: 1 })).toMatchObject({ ok: true, persons: 1 });
  });

  it.each([
    [{ adult1: 1.5 }, "adult1", "Adult: the number of travellers must be a whole number."],
    [{ adult1: -1 }, "adult1", "Adult: the number of travellers must be a whole number."],
    [{ adult1: Number.NaN }, "adult1", "Adult: the number of travellers must be a whole number."],
    [{ adult1: 0, child1: 2 }, "adult1", "Adult: at least 1 per booking."],
    [{ adult1: 1, child1: 11 }, "child1", "Child: at most 10 per booking."],
    [{ adult1: 1, infant1: 5 }, "infant1", "Infant: at most 4 per booking."],
  ])("refuses %j, naming the category", (counts, id, message) => {
    expect(priceBooking(family, counts)).toEqual({ ok: false, category: id, message });
  });

  it("needs 1 to 20 travellers", () => {
    const open = family.map((each) => ({ ...each, min: 0 }));
    expect(priceBooking(open, {})).toEqual({ ok: false, category: null, message: "Please choose at least one traveller." });
    expect(priceBooking(open, { adult1: 0 })).toMatchObject({ ok: false, category: null });
    expect(priceBooking(open, { adult1: 11, child1: 10 })).toEqual({
      ok: false,
      category: null,
      message: "At most 20 persons per booking.",
    });
    expect(priceBooking(open, { adult1: 10, child1: 10 })).toMatchObject({ ok: true, persons: 20 });
  });

  it("never lets an infant travel alone", () => {
    const open = family.map((each) => ({ ...each, min: 0 }));
    expect(priceBooking(open, { infant1: 1 })).toEqual({
      ok: false,
      category: "infant1",
      message: "An Infant cannot travel alone: please add a traveller who takes a seat.",
    });
  });

  it("gives each traveller on a lap someone with a seat", () => {
    expect(priceBooking(family, { adult1: 1, infant1: 2 })).toEqual({
      ok: false,
      category: "infant1",
      message: "Infant: at most one on a lap per traveller who takes a seat.",
    });
    expect(priceBooking(family, { adult1: 1, child1: 1, infant1: 2 })).toMatchObject({ ok: true, seats: 2, persons: 4 });
  });

  it("counts the seats of seat-taking travellers only, and prices from the categories alone (fast-check)", () => {
    const counts = fc.record({
      adult1: fc.integer({ min: 1, max: 8 }),
      child1: fc.integer({ min: 0, max: 6 }),
      infant1: fc.integer({ min: 0, max: 4 }),
      senior1: fc.integer({ min: 0, max: 6 }),
    });
    fc.assert(
      fc.property(counts, (chosen) => {
        const price = priceBooking(family, chosen);
        const persons = chosen.adult1 + chosen.child1 + chosen.infant1 + chosen.senior1;
        const seats = persons - chosen.infant1;
        expect(price.ok).toBe(persons <= 20 && chosen.infant1 <= seats);
        if (price.ok) {
          expect(price).toMatchObject({ persons, seats });
          expect(price.total).toBe(450 * chosen.adult1 + 300 * chosen.child1 + 400 * chosen.senior1);
        }
      }),
    );
  });
});

describe("countTravellers", () => {
  it("counts the travellers of each category, any id as an own key", () => {
    const counts = countTravellers([{ category: "adult1" }, { category: "__proto__" }, { category: "adult1" }]);
    expect(counts).toEqual({ adult1: 2, ["__proto__"]: 1 });
    expect(Object.hasOwn(counts, "__proto__")).toBe(true);
    expect(countTravellers([])).toEqual({});
  });
});

describe("ageOn", () => {
  it.each([
    ["2015-01-08", "2027-01-08", 12],
    ["2015-01-09", "2027-01-08", 11],
    ["2015-02-01", "2027-01-08", 11],
    ["2000-12-31", "2001-12-30", 0],
    ["2000-12-31", "2001-12-31", 1],
    ["2027-01-08", "2027-01-08", 0],
    // born on 29 February: the birthday is 1 March in other years
    ["2012-02-29", "2013-02-28", 0],
    ["2012-02-29", "2013-03-01", 1],
    ["2012-02-29", "2016-02-28", 3],
    ["2012-02-29", "2016-02-29", 4],
    ["2011-03-01", "2012-02-29", 0],
    ["2011-02-28", "2012-02-29", 1],
  ])("born %s, on %s: %i", (born, on, age) => {
    expect(ageOn(born, on)).toBe(age);
  });
});

describe("validateTraveller", () => {
  // The brief's example: a trip on 8 Jan 2027, booked on 1 Dec 2026.
  const rules: Parameters<typeof validateTraveller>[2] = { travelDate: "2027-01-08", today: "2026-12-01", idRequired: false };
  const anyone = category({ id: "any", name: "Traveller" });
  const check = (traveller: Parameters<typeof validateTraveller>[0], of = anyone, index = 0, given = rules) =>
    validateTraveller(traveller, of, given, index);
  const errorOf = (traveller: Parameters<typeof validateTraveller>[0], of = anyone, given = rules) => {
    const verdict = check(traveller, of, 2, given);
    return verdict.ok ? null : verdict.errors;
  };

  it("keeps a traveller as stored: the name trimmed, the ID normalised", () => {
    expect(check({ name: "  Md.   Abdur  Rahman ", dateOfBirth: "1990-05-01", idNumber: "1990 1234 56789" })).toEqual({
      ok: true,
      traveller: { name: "Md. Abdur Rahman", dateOfBirth: "1990-05-01", idNumber: "1990123456789" },
    });
    expect(check({ name: "Rahim Uddin", dateOfBirth: " ", idNumber: "" })).toEqual({
      ok: true,
      traveller: { name: "Rahim Uddin", dateOfBirth: null, idNumber: null },
    });
  });

  it.each(["Nusrat Jahan", "মোঃ আব্দুর রহমান", "Mary D'Costa", "Anne-Marie O’Neil", "Ng", "李小龙", "x".repeat(80)])(
    "takes the name %j",
    (name) => {
      expect(check({ name }).ok).toBe(true);
    },
  );

  it.each([
    ["", "Traveller 3: please enter their full name."],
    ["   ", "Traveller 3: please enter their full name."],
    ["A", "Traveller 3: the name needs at least 2 characters."],
    ["x".repeat(81), "Traveller 3: the name can be at most 80 characters."],
    ["John 3", "Traveller 3: the name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["<b>Rahim</b>", "Traveller 3: the name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["...", "Traveller 3: the name can use only letters, spaces, dots, hyphens and apostrophes."],
  ])("refuses the name %j", (name, message) => {
    expect(errorOf({ name })).toEqual([{ path: "travellers[2].name", message }]);
  });

  it("tells a child outside the category's ages, on the travel date, how old they would be", () => {
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2014-12-01" }, child)).toEqual([
      {
        path: "travellers[2].dateOfBirth",
        message: "Traveller 3: a Child must be 2 to 11 on 8 Jan 2027; this date of birth makes them 12.",
      },
    ]);
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2025-06-01" }, child)?.[0].message).toBe(
      "Traveller 3: a Child must be 2 to 11 on 8 Jan 2027; this date of birth makes them 1.",
    );
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2026-06-01" }, child)?.[0].message).toMatch(/makes them under 1\.$/);
  });

  it.each([
    ["2015-01-08", false, "turns 12 on the travel date"],
    ["2015-01-09", true, "turns 12 the day after"],
    ["2025-01-08", true, "turns 2 on the travel date"],
    ["2025-01-09", false, "turns 2 the day after"],
  ])("a Child born %s: %s (%s)", (dateOfBirth, ok) => {
    expect(check({ name: "Ayaan Khan", dateOfBirth }, child).ok).toBe(ok);
  });

  it("says an age range with one bound, with a or an", () => {
    expect(errorOf({ name: "Rahima Begum", dateOfBirth: "1970-01-01" }, senior)?.[0].message).toBe(
      "Traveller 3: a Senior must be 60 or older on 8 Jan 2027; this date of birth makes them 57.",
    );
    const young = category({ id: "u12", name: "Under-12", maxAge: 11 });
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2000-01-01" }, young)?.[0].message).toBe(
      "Traveller 3: an Under-12 must be 11 or younger on 8 Jan 2027; this date of birth makes them 27.",
    );
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2024-01-01" }, infant)?.[0].message).toBe(
      "Traveller 3: an Infant must be 0 to 1 on 8 Jan 2027; this date of birth makes them 3.",
    );
  });

  it("asks the date of birth of a category with ages only", () => {
    expect(errorOf({ name: "Ayaan Khan" }, child)).toEqual([
      {
        path: "travellers[2].dateOfBirth",
        message: "Traveller 3: please enter their date of birth (a Child must be 2 to 11 on 8 Jan 2027).",
      },
    ]);
    expect(check({ name: "Ayaan Khan", dateOfBirth: null }).ok).toBe(true);
  });

  it.each([
    ["2015-02-30", "Traveller 3: please enter the date of birth as YYYY-MM-DD."],
    ["08/01/2015", "Traveller 3: please enter the date of birth as YYYY-MM-DD."],
    ["2015-1-8", "Traveller 3: please enter the date of birth as YYYY-MM-DD."],
    ["2026-12-02", "Traveller 3: the date of birth cannot be in the future."],
    ["1905-11-30", "Traveller 3: please check the year of birth."],
  ])("refuses the date of birth %j, whatever the category", (dateOfBirth, message) => {
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth })).toEqual([{ path: "travellers[2].dateOfBirth", message }]);
  });

  it("takes a newborn and someone 120", () => {
    expect(check({ name: "Ayaan Khan", dateOfBirth: "2026-12-01" }, infant).ok).toBe(true);
    expect(check({ name: "Ayaan Khan", dateOfBirth: "1906-12-01" }, senior).ok).toBe(true);
  });

  it("refuses a birth after the travel date (an admin correcting a past trip)", () => {
    const past = { ...rules, travelDate: "2026-10-01" };
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2026-10-02" }, anyone, past)?.[0].message).toBe(
      "Traveller 3: the date of birth cannot be after the travel date, 1 Oct 2026.",
    );
  });

  it("takes the ages of a booking without a date today", () => {
    const undated = { ...rules, travelDate: null };
    expect(errorOf({ name: "Ayaan Khan", dateOfBirth: "2014-12-01" }, child, undated)?.[0].message).toBe(
      "Traveller 3: a Child must be 2 to 11 on 1 Dec 2026; this date of birth makes them 12.",
    );
    expect(check({ name: "Ayaan Khan", dateOfBirth: "2014-12-02" }, child, 0, undated).ok).toBe(true);
  });

  it("asks an ID number when the package requires one, and checks one given when it does not", () => {
    const idRules = { ...rules, idRequired: true };
    expect(errorOf({ name: "Rahim Uddin" }, anyone, idRules)).toEqual([
      { path: "travellers[2].idNumber", message: "Traveller 3: please enter an ID number: NID, birth registration or passport." },
    ]);
    expect(check({ name: "Rahim Uddin", idNumber: "eb 0123456" }, anyone, 0, idRules)).toMatchObject({
      ok: true,
      traveller: { idNumber: "EB0123456" },
    });
    const wrong = errorOf({ name: "Rahim Uddin", idNumber: "12345" });
    expect(wrong).toEqual([
      {
        path: "travellers[2].idNumber",
        message:
          "Traveller 3: please enter an NID (10, 13 or 17 digits), a birth registration number (17 digits) or a passport number (1 or 2 letters and 7 or 8 digits).",
      },
    ]);
  });

  it("keeps a blank name or ID number as to follow where the rules allow it, and still checks what is given", () => {
    const placing = { ...rules, idRequired: true, mayFollow: { name: true, idNumber: true } };
    expect(check({ name: "  ", idNumber: "" }, anyone, 0, placing)).toEqual({
      ok: true,
      traveller: { name: null, dateOfBirth: null, idNumber: null },
    });
    expect(errorOf({ name: "A", idNumber: "12345" }, anyone, placing)?.map((error) => error.path)).toEqual([
      "travellers[2].name",
      "travellers[2].idNumber",
    ]);
    // A date of birth never follows: it decides the category, and so the price.
    expect(errorOf({ name: "" }, child, placing)?.map((error) => error.path)).toEqual(["travellers[2].dateOfBirth"]);
  });

  it("reports every field at fault at once", () => {
    const errors = errorOf({ name: "", dateOfBirth: "2030-01-01", idNumber: "x" }, child, { ...rules, idRequired: true });
    expect(errors?.map((error) => error.path)).toEqual([
      "travellers[2].name",
      "travellers[2].dateOfBirth",
      "travellers[2].idNumber",
    ]);
  });
});

describe("validateTravellers", () => {
  const rules = { travelDate: "2027-01-08", today: "2026-12-01", idRequired: true };
  const familyTravellers = [
    { category: "adult1", name: "Karim Ahmed", dateOfBirth: "1985-03-14", idNumber: "1985 2692 5010 32145" },
    { category: "adult1", name: "Salma Ahmed", dateOfBirth: "1988-07-02", idNumber: "EB0123456" },
    { category: "child1", name: "Ayaan Ahmed", dateOfBirth: "2018-09-20", idNumber: "20182692501032146" },
    { category: "infant1", name: "Inaya Ahmed", dateOfBirth: "2026-02-11", idNumber: "20262692501032147" },
  ];

  it("keeps a family's travellers with their categories, and prices them from their counts", () => {
    const verdict = validateTravellers(familyTravellers, family, rules);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.travellers.map(({ category, idNumber }) => [category, idNumber])).toEqual([
      ["adult1", "19852692501032145"],
      ["adult1", "EB0123456"],
      ["child1", "20182692501032146"],
      ["infant1", "20262692501032147"],
    ]);
    expect(priceBooking(family, countTravellers(verdict.travellers))).toMatchObject({ ok: true, total: 1200, seats: 3 });
  });

  it("reports the errors of every traveller, by position", () => {
    const verdict = validateTravellers(
      [
        familyTravellers[0],
        { ...familyTravellers[1], idNumber: "" },
        { ...familyTravellers[2], dateOfBirth: "2014-12-01" },
        { ...familyTravellers[3], category: "pet1" },
      ],
      family,
      rules,
    );
    expect(verdict).toEqual({
      ok: false,
      errors: [
        {
          path: "travellers[1].idNumber",
          message: "Traveller 2: please enter an ID number: NID, birth registration or passport.",
        },
        {
          path: "travellers[2].dateOfBirth",
          message: "Traveller 3: a Child must be 2 to 11 on 8 Jan 2027; this date of birth makes them 12.",
        },
        { path: "travellers[3].category", message: "Traveller 4: this price category does not exist." },
      ],
    });
  });

  it("needs 1 to 20 travellers", () => {
    expect(validateTravellers([], family, rules)).toEqual({
      ok: false,
      errors: [{ path: "travellers", message: "Please add the travellers." }],
    });
    const many = Array.from({ length: MAX_QUANTITY + 1 }, () => familyTravellers[0]);
    expect(validateTravellers(many, family, rules)).toEqual({
      ok: false,
      errors: [{ path: "travellers", message: "At most 20 travellers per booking." }],
    });
    expect(validateTravellers(many.slice(1), family, rules).ok).toBe(true);
  });
});

describe("detailsToFollow", () => {
  it("counts the names, and the ID numbers where the package asks them (not one erased after the trip)", () => {
    const travellers = [
      { name: "Rina Das", idNumber: null },
      { name: null, idNumber: "1234567890" },
      { name: null, idNumber: null },
      { name: "Karim Das", idNumber: null, idErased: true },
    ];
    expect(detailsToFollow(travellers, true)).toEqual({ names: 2, idNumbers: 2 });
    expect(detailsToFollow(travellers, false)).toEqual({ names: 2, idNumbers: 0 });
    expect(detailsToFollowText({ names: 2, idNumbers: 1 })).toBe("2 names and 1 ID number to follow");
    expect(detailsToFollowText({ names: 0, idNumbers: 3 })).toBe("3 ID numbers to follow");
    expect(detailsToFollowText({ names: 1, idNumbers: 0 })).toBe("1 name to follow");
    expect(detailsToFollowText({ names: 0, idNumbers: 0 })).toBeNull();
  });
});
