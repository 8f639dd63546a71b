// The one setup of the site's forms, and the pending state their submit buttons show.
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useFormAction, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { constraintsOf } from "~/platform/fields";
import { parseForm } from "~/platform/forms";

interface AppFormOptions<Schema extends z.ZodTypeAny> {
  /** what the action replied (submission.reply()): its errors and the values typed are shown again */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
}

/**
 * Conform's useForm with the team's options: the schema validates in the browser as in the action
 * (parseForm), a field is checked when it loses focus then at every keystroke, and the schema's
 * HTML constraints are rendered so a form checks the basics even before JavaScript runs.
 */
export function useAppForm<Schema extends z.ZodTypeAny>(schema: Schema, options: AppFormOptions<Schema> = {}) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    ...options,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(schema),
    onValidate: ({ formData, submitter }) => {
      const submission = parseForm(formData, schema);
      // A page's button marked formNoValidate (Apply a promo code) posts unchecked, as without
      // JavaScript; conform's own intent buttons (a field's check on blur) are marked so too and stay here.
      return submitter?.formNoValidate && !formData.has("__intent__") ? { ...submission, error: null } : submission;
    },
  });
}

/**
 * Whether a form posting to formAction (by default the current route's, as a `<Form>` without
 * action posts) is being submitted or its outcome is still loading.
 */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: "POST" | "GET" } = {}) {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === formMethod &&
    pathOf(navigation.formAction) === pathOf(formAction ?? routeAction)
  );
}

/** The path of a form action, without the search (e.g. ?redirectTo=) the page may carry. */
function pathOf(action: string | undefined) {
  return action?.split("?")[0];
}
