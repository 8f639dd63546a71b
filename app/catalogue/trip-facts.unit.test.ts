import { describe, expect, it } from "vitest";
import { itineraryRows, packageSchema } from "~/catalogue/packages";
import { constraintsOf, DESTINATIONS, DISTRICTS, imageLines, itemLines, itinerary } from "~/platform/fields";
import { parseForm } from "~/platform/forms";

const spec = { title: "Sundarbans", cost: "620", image: "/images/tours/sundarbans.svg", description: "Mangroves." };

function form(fields: Record<string, string>) {
  const data = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...spec, ...fields })) data.append(name, value);
  return parseForm(data, packageSchema);
}

describe("trip facts", () => {
  it("are all optional: the spec's four fields alone make a package without facts", () => {
    const submission = form({});
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ cost: 620, itinerary: [], included: [], excluded: [], gallery: [] });
    expect(submission.value.destination).toBeUndefined();
    expect(submission.value.durationDays).toBeUndefined();
    expect(submission.value.maxGroupSize).toBeUndefined();
    expect(submission.value.meetingPoint).toBeUndefined();
  });

  it("read a whole form: days as repeated rows (blank rows dropped), lists one item per line", () => {
    const submission = form({
      destination: "Sundarbans",
      durationDays: "4",
      "itinerary[0].title": "Khulna to Kotka",
      "itinerary[0].text": "Board the boat.",
      "itinerary[1].title": "",
      "itinerary[1].text": " ",
      "itinerary[2].title": "Kochikhali",
      "itinerary[2].text": "Forest walk.",
      included: "Cabin\r\n\r\n  All meals  \nPermits",
      excluded: "",
      meetingPoint: "Khulna launch ghat",
      maxGroupSize: "20",
      gallery: "/images/about/slide-1.svg\nhttps://example.com/a.jpg\n",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      destination: "Sundarbans",
      durationDays: 4,
      itinerary: [
        { title: "Khulna to Kotka", text: "Board the boat." },
        { title: "Kochikhali", text: "Forest walk." },
      ],
      included: ["Cabin", "All meals", "Permits"],
      excluded: [],
      meetingPoint: "Khulna launch ghat",
      maxGroupSize: 20,
      gallery: ["/images/about/slide-1.svg", "https://example.com/a.jpg"],
    });
  });

  it.each([
    ["destination", "Atlantis", "Please choose a destination from the list."],
    ["durationDays", "0", "The duration in days is a whole number from 1 to 60."],
    ["durationDays", "61", "The duration in days is a whole number from 1 to 60."],
    ["durationDays", "2.5", "The duration in days is a whole number from 1 to 60."],
    ["durationDays", "two", "The duration in days is a whole number from 1 to 60."],
    ["maxGroupSize", "0", "The group size is a whole number from 1 to 500."],
    ["maxGroupSize", "501", "The group size is a whole number from 1 to 500."],
    ["meetingPoint", "x".repeat(201), "The meeting point can be at most 200 characters."],
    ["included", `ok\n${"x".repeat(201)}`, "Line 2: each item can be at most 200 characters."],
    [
      "gallery",
      "/images/a.svg\njavascript:alert(1)",
      "Line 2: The image must be an http(s) URL or a path on this site, like /images/tours/x.svg.",
    ],
    ["gallery", Array.from({ length: 13 }, (_, index) => `/images/${index}.svg`).join("\n"), "At most 12 pictures."],
  ])("refuse %s = %j with a message on that field", (name, value, message) => {
    const submission = form({ [name]: value });
    expect(submission.reply().error?.[name]).toEqual([message]);
  });

  it("name the half-filled day and keep the rows in place", () => {
    const submission = form({
      "itinerary[0].title": "",
      "itinerary[0].text": "",
      "itinerary[1].title": "Day without text",
      "itinerary[2].text": "Text without a title",
    });
    expect(submission.reply().error).toEqual({
      "itinerary[1].text": ["Please describe day 2."],
      "itinerary[2].title": ["Please give day 3 a title."],
    });
  });

  it("take lists in the API too, and refuse more days than a trip can have", () => {
    expect(itemLines.parse(["  a ", "", "b"])).toEqual(["a", "b"]);
    expect(imageLines.parse(undefined)).toEqual([]);
    expect(itinerary.parse([{ title: "A", text: "B" }, {}, undefined])).toEqual([{ title: "A", text: "B" }]);
    expect(itinerary.safeParse(Array.from({ length: 61 }, () => ({ title: "A", text: "B" }))).success).toBe(false);
    expect(itemLines.safeParse([5]).success).toBe(false);
    expect(itemLines.safeParse({ a: 1 }).success).toBe(false);
  });

  it("offer one destination list: every district and a few regions, sorted, without duplicates", () => {
    for (const name of DISTRICTS) expect(DESTINATIONS).toContain(name);
    expect(DESTINATIONS).toEqual(expect.arrayContaining(["Sundarbans", "Chittagong Hill Tracts", "Saint Martin's Island"]));
    expect(new Set(DESTINATIONS).size).toBe(DESTINATIONS.length);
    expect([...DESTINATIONS].sort((a, b) => a.localeCompare(b, "en"))).toEqual(DESTINATIONS);
  });

  it("give the form its HTML constraints", () => {
    const constraints = constraintsOf(packageSchema);
    expect(constraints.durationDays).toMatchObject({ required: false, min: 1, max: 60 });
    expect(constraints.maxGroupSize).toMatchObject({ required: false, min: 1, max: 500 });
    expect(constraints.title).toMatchObject({ required: true });
    for (const name of ["destination", "meetingPoint", "included", "excluded", "gallery", "itinerary"]) {
      expect(constraints[name]?.required ?? false, name).toBe(false);
    }
  });

  it("start the form with a few empty day rows beyond the days there are", () => {
    expect(itineraryRows(0)).toBe(3);
    expect(itineraryRows(4)).toBe(6);
    expect(itineraryRows(60)).toBe(60);
  });
});
