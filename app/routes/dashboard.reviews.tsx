import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { reviewModerationSchema } from "~/catalogue";
import { deleteReview, findReviewToModerate, hideReview, listReviewsPage, showReview } from "~/catalogue/index.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { Pager } from "~/components/Pager";
import { Stars } from "~/components/Stars";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { dashboardTitle } from "~/http/page-meta";
import { formatDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { pageCount, pageNumber } from "~/platform/paging";

const PAGE_SIZE = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const flaggedOnly = params.get("flagged") === "1";
  const page = pageNumber(params);
  const { total, reviews } = await listReviewsPage({ flaggedOnly, page, pageSize: PAGE_SIZE });
  return {
    flaggedOnly,
    page,
    pages: pageCount(total, PAGE_SIZE),
    reviews: reviews.map(({ _count, createdAt, hiddenAt, ...review }) => ({
      ...review,
      date: formatDate(createdAt),
      hidden: hiddenAt !== null,
      reports: _count.reports,
    })),
  };
}

const NOT_FOUND = "This review does not exist or was already deleted.";

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  // Hide and show are this page's own forms; anything else is a DeleteForm's post, read by its reader.
  const form = await request.clone().formData();
  const intent = form.get("intent");
  if (intent === "hide" || intent === "show") {
    const submission = parseForm(form, reviewModerationSchema);
    if (submission.status !== "success") return data({ visibility: { ok: false, message: NOT_FOUND } }, { status: 400 });
    const { id } = submission.value;
    const changed = intent === "hide" ? await hideReview(id) : await showReview(id);
    if (changed > 0) {
      return { visibility: { ok: true, message: intent === "hide" ? "The review is hidden." : "The review is shown again." } };
    }
    if (await findReviewToModerate(id))
      return { visibility: { ok: true, message: "Nothing to change: the review already is so." } };
    return data({ visibility: { ok: false, message: NOT_FOUND } }, { status: 404 });
  }
  const asked = await readDeleteRequest(request);
  if (!asked) return data(UNKNOWN_REQUEST, { status: 400 });
  const { id } = asked;
  if (!asked.confirmed) {
    const review = await findReviewToModerate(id);
    if (review) return askToDelete(id, `The review by ${review.name}: “${preview(review.review)}”`);
  } else if ((await deleteReview(id)) > 0) {
    return { ok: true, message: "Deleted sucessfully" };
  }
  return data({ ok: false, message: NOT_FOUND }, { status: 404 });
}

/** The question of docs/spec.md §8 (the products' one), asked by the browser or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete?";

function preview(text: string) {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.reviews");

type Row = ReturnType<typeof useLoaderData<typeof loader>>["reviews"][number];

function VisibilityForm({ review }: { review: Row }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === review.id;
  return (
    <Form method="post">
      <input type="hidden" name="id" value={review.id} />
      <button
        type="submit"
        name="intent"
        value={review.hidden ? "show" : "hide"}
        className="button button-small button-secondary"
        disabled={busy}
        aria-label={`${review.hidden ? "Show again" : "Hide"} the review by ${review.name}`}
      >
        {review.hidden ? "Show again" : "Hide"}
      </button>
    </Form>
  );
}

export default function ReviewsModeration() {
  const { reviews, flaggedOnly, page, pages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title">Reviews</h1>
      <nav className="list-filter" aria-label="Which reviews">
        <Link to="." className="button button-small button-secondary" aria-current={flaggedOnly ? undefined : "page"}>
          All reviews
        </Link>
        <Link to="?flagged=1" className="button button-small button-secondary" aria-current={flaggedOnly ? "page" : undefined}>
          Flagged only
        </Link>
      </nav>
      {result && "visibility" in result && result.visibility ? (
        <p className={`alert ${result.visibility.ok ? "alert-success" : "alert-error"}`} role="status">
          {result.visibility.message}
        </p>
      ) : (
        <DeleteResult result={result} question={DELETE_QUESTION} />
      )}
      <DataTable
        rows={reviews}
        rowKey={(review) => review.id}
        empty={flaggedOnly ? "No flagged reviews." : "No reviews yet."}
        columns={[
          {
            header: "Reviewer",
            cell: (review) => (
              <>
                {review.name}
                <br />
                <span className="muted">{review.email}</span>
              </>
            ),
          },
          { header: "Rating", cell: (review) => <Stars rating={review.rating} /> },
          { header: "Review", cell: (review) => preview(review.review) },
          { header: "Date", cell: (review) => review.date },
          {
            header: "Status",
            cell: (review) => (
              <>
                {review.hidden ? <span className="badge badge-muted">Hidden</span> : "Shown"}
                {review.reports > 0 ? (
                  <span className="badge badge-danger">
                    {review.hidden ? "Reported" : "Flagged"}: {review.reports === 1 ? "1 report" : `${review.reports} reports`}
                  </span>
                ) : null}
              </>
            ),
          },
          {
            header: "Action",
            cell: (review) => (
              <div className="row-actions">
                <VisibilityForm review={review} />
                <DeleteForm id={review.id} confirmText={DELETE_QUESTION} label={`Delete the review by ${review.name}`} />
              </div>
            ),
          },
        ]}
      />
      <Pager page={page} pageCount={pages} label="Pages of reviews" />
    </section>
  );
}
