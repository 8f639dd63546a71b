// The checkout form's schema (docs/spec.md §5, with the length rules actually enforced),
// shared by the browser and the action; POST /api/my-orders extends it (app/http/api-schemas.ts).
import { z } from "zod";
import {
  district,
  email,
  EMAIL_MESSAGES,
  mobileNumber,
  oneTimeKey,
  optionalText,
  packageType,
  postcode,
  quantity,
  recordId,
  requiredText,
} from "~/domain/fields";

export { DISTRICTS, normaliseMobileNumber } from "~/domain/fields";

const text = (label: string, min: number, max: number) =>
  requiredText({
    min,
    max,
    missing: `Please enter your ${label}.`,
    tooShort: min > 1 ? `Your ${label} needs at least ${min} characters.` : `Please enter your ${label}.`,
    tooLong: `Your ${label} can be at most ${max} characters.`,
  });

export const checkoutSchema = z.object({
  firstName: text("first name", 3, 15),
  lastName: text("last name", 3, 15),
  streetAddress: text("street address", 1, 30),
  City: optionalText(30, "The apartment line can be at most 30 characters."),
  townName: text("town", 1, 20),
  district,
  Postcode: postcode,
  mobileNumber,
  email: email(EMAIL_MESSAGES),
  // What is being bought: the server prices it again from the database.
  service: recordId("Please choose a package first.", "Unknown package.").describe("The package's _id"),
  quantity,
  type: packageType,
  // One key per rendered form: a double submit or a refreshed POST creates one order.
  formKey: oneTimeKey,
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
