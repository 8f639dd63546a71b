// The newsletter box's schema, shared by the browser and the action.
import { z } from "zod";
import { email, EMAIL_MESSAGES } from "~/domain/fields";

export const newsletterSchema = z.object({ email: email(EMAIL_MESSAGES, { lowerCase: true, blankIsMissing: true }) });
