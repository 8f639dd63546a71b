import { describe, expect, it } from "vitest";
import { profileSchema } from "~/accounts/account-forms";

describe("the profile's phone (issue 40)", () => {
  it("keeps a Bangladeshi mobile number as typed, Bengali digits and separators included", () => {
    for (const phone of ["০১৭১২-৩৪৫৬৭৮", "+880 1712-345678", "01912345678"])
      expect(profileSchema.parse({ displayName: "Guide Anis", phone }).phone).toBe(phone);
    expect(profileSchema.parse({ displayName: "Guide Anis", phone: "" }).phone).toBeUndefined();
  });

  it.each(["call me maybe", "+44 7700 900123", "01212345678", "0171234567"])("refuses %j naming the phone", (phone) => {
    const parsed = profileSchema.safeParse({ displayName: "Guide Anis", phone });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phone", "Please enter your phone as a Bangladeshi mobile number, e.g. 01712345678 or +880 1712-345678."],
    ]);
  });
});
