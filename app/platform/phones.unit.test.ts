import { describe, expect, it } from "vitest";
import { invalidMobileMessage, toMsisdn, toNationalMobile } from "~/platform/phones";

describe("Bangladeshi mobile numbers", () => {
  it.each([
    ["01712345678", "8801712345678"],
    ["+8801712345678", "8801712345678"],
    ["8801912345678", "8801912345678"],
    ["+880 1712-345678", "8801712345678"],
    ["017 1234 5678", "8801712345678"],
    ["0171-234-5678", "8801712345678"],
    ["  01312345678 ", "8801312345678"],
    ["০১৭১২৩৪৫৬৭৮", "8801712345678"],
    ["+৮৮০ ১৫১২-৩৪৫৬৭৮", "8801512345678"],
  ])("reads %j as %s", (typed, msisdn) => {
    expect(toMsisdn(typed)).toBe(msisdn);
    expect(toNationalMobile(typed)).toBe(`0${msisdn.slice(3)}`);
  });

  it.each([
    "",
    "1712345678", // no prefix
    "01212345678", // 012 is no operator
    "01112345678",
    "0171234567", // a digit short
    "017123456789", // a digit too many
    "+88001712345678",
    "+44 7700 900123",
    "01712 34567a",
    "(017)12345678", // brackets are not among what is accepted
    "880-1712345678x",
  ])("refuses %j", (typed) => {
    expect(toMsisdn(typed)).toBeNull();
    expect(toNationalMobile(typed)).toBeNull();
  });

  it("names the field in its message", () => {
    expect(invalidMobileMessage("your phone")).toMatch(/^Please enter your phone as a Bangladeshi mobile number/);
  });
});
