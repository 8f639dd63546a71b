import { useT } from "~/components/language-context";

export function Stars({ rating }: { rating: number }) {
  const { t } = useT();
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={t("common.ui.ratedOutOf5", { count: full })}>
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          className={star <= full ? "star-on" : "star-off"}
        >
          <path d="M12 2l3 6.9 7.5.7-5.7 5 1.7 7.4L12 18l-6.5 4 1.7-7.4-5.7-5 7.5-.7z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}
