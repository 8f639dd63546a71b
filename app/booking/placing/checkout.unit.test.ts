import { describe, expect, it } from "vitest";
import { checkoutSchema, normaliseMobileNumber } from "~/booking/placing/checkout";

const valid = {
  firstName: "Rina",
  lastName: "Das",
  streetAddress: "House 4, Road 2",
  townName: "Dhanmondi",
  district: "Dhaka",
  mobileNumber: "01712-345678",
  email: "rina@example.com",
  service: "cmwt593em00005j7d7cv8lwts",
  quantity: "2",
  type: "couple",
  formKey: "abcdefghijklmnop1234",
};

describe("checkout form", () => {
  it("accepts a complete form and normalises the mobile number", () => {
    const parsed = checkoutSchema.parse(valid);
    expect(parsed.mobileNumber).toBe("01712345678");
    expect(parsed.quantity).toBe(2);
  });

  it.each([
    ["firstName", "", "Please enter your first name."],
    ["firstName", "   ", "Please enter your first name."],
    ["lastName", "x".repeat(61), "Your last name can be at most 60 characters."],
    ["firstName", "R2D2", "Your first name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["lastName", "<b>Das</b>", "Your last name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["lastName", "-.'", "Your last name can use only letters, spaces, dots, hyphens and apostrophes."],
    ["streetAddress", "x".repeat(101), "Your street address can be at most 100 characters."],
    ["City", "x".repeat(101), "The apartment line can be at most 100 characters."],
    ["townName", "x".repeat(51), "Your town can be at most 50 characters."],
    ["townName", "", "Please enter your town."],
    ["district", "Choose", "Please choose your district."],
    ["mobileNumber", "12345", "Please enter a Bangladeshi mobile number, e.g. 01712345678."],
    ["email", "rina@", "Please enter a valid email address."],
    ["Postcode", "12ab", "The postcode is 4 to 10 digits."],
    ["quantity", "21", "At most 20 persons."],
    ["quantity", "0", "At least 1 person."],
    ["type", "Choose", "Please choose a package type."],
  ])("refuses %s = %j", (field, value, message) => {
    const result = checkoutSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it("takes whole Bangladeshi addresses", () => {
    const address = {
      streetAddress: "House 7, Road 3, Block B, Mirpur 10",
      City: "x".repeat(100),
      townName: "x".repeat(50),
    };
    expect(checkoutSchema.parse({ ...valid, ...address })).toMatchObject(address);
    expect(checkoutSchema.parse({ ...valid, streetAddress: "x".repeat(100) }).streetAddress).toHaveLength(100);
  });

  it("knows Bangladeshi mobile numbers", () => {
    expect(normaliseMobileNumber("+8801912345678")).toBe("01912345678");
    expect(normaliseMobileNumber("8801512345678")).toBe("01512345678");
    expect(normaliseMobileNumber("01212345678")).toBeNull();
    expect(normaliseMobileNumber("0171234567")).toBeNull();
    // Typed on a Bangla keyboard, with the country code and separators (issue 40).
    expect(normaliseMobileNumber("+৮৮০ ১৭১২-৩৪৫৬৭৮")).toBe("01712345678");
    expect(checkoutSchema.parse({ ...valid, mobileNumber: "০১৭১২ ৩৪৫৬৭৮" }).mobileNumber).toBe("01712345678");
    const refused = checkoutSchema.safeParse({ ...valid, mobileNumber: "+44 7700 900123" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["mobileNumber"]);
  });
});
