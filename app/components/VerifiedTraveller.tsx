/** "Verified traveller" beside a review whose author was checked in on a booking of the package. */
import { useT } from "~/components/language-context";

export function VerifiedTraveller({ verified }: { verified: boolean }) {
  const { t } = useT();
  if (!verified) return null;
  return (
    <span className="verified-traveller" title={t("common.ui.verifiedHint")}>
      <span aria-hidden="true">✓</span> {t("common.ui.verified")}
    </span>
  );
}
