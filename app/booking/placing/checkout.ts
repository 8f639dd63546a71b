// The checkout form's schema (docs/spec.md §5, with length rules actually enforced, long enough for
// whole addresses; names, districts and mobile numbers as Bangladeshi customers write them),
// shared by the browser and the action; POST /api/my-orders extends it (app/booking/booking-api.ts).
import { z } from "zod";
import { MAX_QUANTITY, PACKAGE_TYPES } from "~/booking/core/booking-choices";
import { promoCodeField } from "~/booking/core/promo-code-rules";
import { DEPARTURE_NEEDED } from "~/booking/departures/departures";
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

const travellerText = (max: number, label: string) =>
  optional(z.string({ invalid_type_error: `${label} must be text.` }).max(max, `${label} can be at most ${max} characters.`));

/**
 * One traveller as the checkout's block (travellers[2].name) or POST /api/my-orders sends it. Only the
 * shape here: the rules of each field, which depend on the category and the travel date, are
 * validateTravellers' (app/booking/travellers/travellers.ts), which names the traveller and the field at fault.
 */
const travellerInputSchema = z.object({
  category: z
    .string({ required_error: "Please choose the traveller's price category.", invalid_type_error: "The category must be text." })
    .max(40, "This price category does not exist.")
    .describe('A price category\'s _id of the package ("adult" for a package without categories of its own)'),
  name: travellerText(200, "The name").describe("Full name"),
  dateOfBirth: travellerText(10, "The date of birth").describe(
    "YYYY-MM-DD; required when the category has an age range, which it must fit on the travel date",
  ),
  idNumber: travellerText(40, "The ID number").describe(
    "NID, birth registration or passport number; required when the package's idRequired is true",
  ),
});

export type TravellerInput = z.infer<typeof travellerInputSchema>;

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
  // The date booked: required when the package has departures (app/booking/placing/booking-placement.server.ts).
  departure: optional(recordId(DEPARTURE_NEEDED, "Unknown departure.")).describe("The departure's _id"),
  // One per person, each of a price category of the package; without them, `quantity` persons of the
  // first category, names to follow (the checkout page always sends them; older clients do not).
  travellers: z
    .array(travellerInputSchema, { invalid_type_error: "travellers must be a list." })
    .min(1, "Please add the travellers.")
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} travellers per booking.`)
    .optional()
    .describe("One per person; without it, quantity travellers of the first category, names to follow"),
  // Checked at placement (placing/booking-placement.server.ts): the total is then less its discount.
  promoCode: promoCodeField,
  // One key per rendered form: a double submit or a refreshed POST creates one order.
  formKey: oneTimeKey,
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
