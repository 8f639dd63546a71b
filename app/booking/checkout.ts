// The checkout form's schema (docs/spec.md §5, with length rules actually enforced, long enough for
// whole addresses; names, districts and mobile numbers as Bangladeshi customers write them),
// shared by the browser and the action; POST /api/my-orders extends it (app/http/api-schemas.ts).
import { z } from "zod";
import { DEPARTURE_NEEDED } from "~/booking/departures";
import { PACKAGE_TYPES } from "~/booking/ordering";
import {
  district,
  email,
  EMAIL_MESSAGES,
  mobileNumber,
  oneTimeKey,
  optional,
  optionalText,
  personName,
  postcode,
  quantity,
  recordId,
  requiredText,
} from "~/platform/fields";

export { DISTRICTS, normaliseMobileNumber } from "~/platform/fields";

const text = (label: string, max: number) =>
  requiredText({ max, missing: `Please enter your ${label}.`, tooLong: `Your ${label} can be at most ${max} characters.` });

// Long enough for whole Bangladeshi addresses ("House 7, Road 3, Block B, Mirpur 10" and longer):
// past these a person is told so by the field's message, never cut (no maxlength in the markup).
const ADDRESS_LINE_MAX = 100;
const TOWN_MAX = 50;

const packageType = z.enum(PACKAGE_TYPES, { errorMap: () => ({ message: "Please choose a package type." }) });

export const checkoutSchema = z.object({
  firstName: personName("first name"),
  lastName: personName("last name"),
  streetAddress: text("street address", ADDRESS_LINE_MAX),
  City: optionalText(ADDRESS_LINE_MAX, `The apartment line can be at most ${ADDRESS_LINE_MAX} characters.`),
  townName: text("town", TOWN_MAX),
  district,
  Postcode: postcode,
  mobileNumber,
  email: email(EMAIL_MESSAGES),
  // What is being bought: the server prices it again from the database.
  service: recordId("Please choose a package first.", "Unknown package.").describe("The package's _id"),
  quantity,
  type: packageType,
  // The date booked: required when the package has departures (app/booking/orders.server.ts).
  departure: optional(recordId(DEPARTURE_NEEDED, "Unknown departure.")).describe("The departure's _id"),
  // One key per rendered form: a double submit or a refreshed POST creates one order.
  formKey: oneTimeKey,
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
