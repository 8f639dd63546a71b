import { Link } from "@remix-run/react";
import { useT } from "~/components/language-context";

export function NotFound() {
  const { t } = useT();
  return (
    <section className="container not-found">
      <img src="/images/not-found.svg" width={600} height={400} alt={t("common.notFound.image")} />
      <h1>{t("common.notFound.title")}</h1>
      <p>
        {t("common.notFound.text")} <Link to="/">{t("common.notFound.back")}</Link>
      </p>
    </section>
  );
}
