// The home page's Report button (app/components/ReviewsCarousel.tsx): a signed-in user reports a
// review as abusive and comes back to the page with a one-time message (JavaScript or not).
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { safeRedirect } from "~/accounts";
import { flashCookie, type FlashKey, requireUser } from "~/accounts/index.server";
import { reviewReportFormSchema } from "~/catalogue";
import { reportReview } from "~/catalogue/index.server";
import { clientAddress } from "~/platform/client-address.server";
import { parseForm } from "~/platform/forms";
import { take } from "~/platform/rate-limit.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await request.formData(), reviewReportFormSchema);
  const back = (key: FlashKey, to?: string) =>
    flashCookie(key).then((cookie) => redirect(safeRedirect(to, "/"), { headers: { "Set-Cookie": cookie } }));
  if (submission.status !== "success") return back("review-report-missing");
  const { id, reason, redirectTo } = submission.value;
  const counted = await take("review-report", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) return back("review-report-limited", redirectTo);
  const reported = await reportReview(id, user.id, reason ?? null);
  return back(reported ? "review-reported" : "review-report-missing", redirectTo);
}
