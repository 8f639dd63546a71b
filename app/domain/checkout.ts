// The checkout form's schema (docs/spec.md §5, with the length rules actually enforced),
// shared by the browser and the action.
import { z } from "zod";
import { MAX_QUANTITY, MIN_QUANTITY, PACKAGE_TYPES } from "~/domain/ordering";

// Verbatim from the spec, Bandarban twice included.
export const DISTRICTS = [
  "Pabna",
  "Madaripur",
  "Bandarban",
  "Dhaka",
  "Barguna",
  "Barisal",
  "Bhola",
  "Jhalokati",
  "Patuakhali",
  "Pirojpur",
  "Satkhira",
  "Sirajganj",
  "Dinajpur",
  "Gaibandha",
  "Kurigram",
  "Brahmanbaria",
  "Bandarban",
] as const;

const text = (label: string, min: number, max: number) =>
  z
    .string({ required_error: `Please enter your ${label}.` })
    .trim()
    .min(min, min > 1 ? `Your ${label} needs at least ${min} characters.` : `Please enter your ${label}.`)
    .max(max, `Your ${label} can be at most ${max} characters.`);

/** Bangladeshi mobile numbers: 01XXXXXXXXX, optionally with +88 / 88; spaces and dashes ignored. */
export function normaliseMobileNumber(value: string): string | null {
  const compact = value.replace(/[\s-]/g, "");
  const match = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(compact);
  return match ? match[1] : null;
}

export const checkoutSchema = z.object({
  firstName: text("first name", 3, 15),
  lastName: text("last name", 3, 15),
  streetAddress: text("street address", 1, 30),
  City: z.string().trim().max(30, "The apartment line can be at most 30 characters.").optional(),
  townName: text("town", 1, 20),
  district: z.enum([...new Set(DISTRICTS)] as [string, ...string[]], {
    errorMap: () => ({ message: "Please choose your district." }),
  }),
  Postcode: z
    .string()
    .trim()
    .regex(/^\d{4,10}$/, "The postcode is 4 to 10 digits.")
    .optional(),
  mobileNumber: z
    .string({ required_error: "Please enter your mobile number." })
    .transform((value, context) => {
      const number = normaliseMobileNumber(value);
      if (!number) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: "Please enter a Bangladeshi mobile number, e.g. 01712345678." });
        return z.NEVER;
      }
      return number;
    }),
  email: z
    .string({ required_error: "Please enter your email address." })
    .trim()
    .max(254, "This email address is too long.")
    .email("Please enter a valid email address."),
  // What is being bought: the server prices it again from the database.
  service: z.string({ required_error: "Please choose a package first." }).regex(/^[a-z0-9]{10,40}$/i, "Unknown package."),
  quantity: z.coerce
    .number({ invalid_type_error: "The number of persons must be a number." })
    .int("The number of persons must be a whole number.")
    .min(MIN_QUANTITY, `At least ${MIN_QUANTITY} person.`)
    .max(MAX_QUANTITY, `At most ${MAX_QUANTITY} persons.`),
  type: z.enum(PACKAGE_TYPES, { errorMap: () => ({ message: "Please choose a package type." }) }),
  // One key per rendered form: a double submit or a refreshed POST creates one order.
  formKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired, please reload the page."),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
