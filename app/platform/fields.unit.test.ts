import { describe, expect, it } from "vitest";
import { district, DISTRICTS, isBlankable, mobileNumber, optional, personName, postcode, rating } from "~/platform/fields";

describe("optional fields", () => {
  it("take a blank value as absent", () => {
    for (const blank of ["", "   ", "\t"]) {
      expect(postcode.parse(blank)).toBeUndefined();
      expect(rating.parse(blank)).toBe(0);
    }
    expect(postcode.parse(" 1205 ")).toBe("1205");
    expect(postcode.safeParse("12").error?.issues[0].message).toBe("The postcode is 4 to 10 digits.");
  });

  it("are known as such by the OpenAPI document's generator", () => {
    expect(isBlankable(optional(postcode))).toBe(true);
  });
});

describe("personName", () => {
  const name = personName("first name");

  it.each([
    "Md",
    "Mohammad Abdur Rahman Chowdhury",
    "Md. Abdur Rahman",
    "D'Costa",
    "Jean-Paul",
    "O’Brien",
    "মোঃ আব্দুর রহমান",
    "R",
    "x".repeat(60),
  ])("accepts %j", (value) => {
    expect(name.parse(` ${value} `)).toBe(value);
  });

  it.each([
    ["", "Please enter your first name."],
    ["x".repeat(61), "Your first name can be at most 60 characters."],
    ["Rina2", "Your first name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["Rina_Das", "Your first name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["..", "Your first name can use only letters, spaces, dots, hyphens and apostrophes."],
  ])("refuses %j", (value, message) => {
    expect(name.safeParse(value).error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe("district", () => {
  it("offers the 64 districts once each, in alphabetical order (the spec's among them, its Barisal as written)", () => {
    expect(DISTRICTS).toHaveLength(64);
    expect(new Set(DISTRICTS).size).toBe(64);
    expect(DISTRICTS).toEqual([...DISTRICTS].sort((a, b) => a.localeCompare(b, "en")));
    expect(DISTRICTS.slice(0, 4)).toEqual(["Bagerhat", "Bandarban", "Barguna", "Barisal"]);
    const spec = ["Pabna", "Madaripur", "Bandarban", "Dhaka", "Barguna", "Barisal", "Bhola", "Jhalokati", "Patuakhali"];
    const more = ["Pirojpur", "Satkhira", "Sirajganj", "Dinajpur", "Gaibandha", "Kurigram", "Brahmanbaria"];
    expect(DISTRICTS).toEqual(expect.arrayContaining([...spec, ...more, "Chattogram", "Cox's Bazar", "Sylhet", "Khulna"]));
  });

  it("accepts exactly that list", () => {
    for (const name of DISTRICTS) expect(district.parse(name)).toBe(name);
    for (const wrong of ["", "dhaka", "Calcutta", "Bandarban "]) {
      expect(district.safeParse(wrong).error?.issues[0].message).toBe("Please choose your district.");
    }
  });
});

describe("mobileNumber", () => {
  it.each(["+8801712345678", "8801712345678", "01712345678", "+880 1712-345678", "017 1234 5678", "0171-234-5678"])(
    "stores %j as 01712345678",
    (value) => {
      expect(mobileNumber.parse(value)).toBe("01712345678");
    },
  );

  it.each(["01212345678", "0171234567", "+8811712345678", "+88 01712 34567x", "1712345678"])("refuses %j", (value) => {
    expect(mobileNumber.safeParse(value).error?.issues[0].message).toBe(
      "Please enter a Bangladeshi mobile number, e.g. 01712345678.",
    );
  });
});
