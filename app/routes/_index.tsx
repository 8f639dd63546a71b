import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { listPackageCards, listRecentReviews } from "~/catalogue/index.server";
import { HeroCarousel } from "~/components/HeroCarousel";
import { useT } from "~/components/language-context";
import { NewsletterBox } from "~/components/NewsletterBox";
import { PackagesGrid } from "~/components/PackagesGrid";
import { ReviewsCarousel } from "~/components/ReviewsCarousel";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta, translatorFrom } from "~/http/page-meta";
import type { loader as rootLoader } from "~/root";

export const headers = publicPageHeaders;

export async function loader() {
  const [{ cards, total }, reviews] = await Promise.all([listPackageCards(), listRecentReviews()]);
  return { packages: cards, morePackages: total > cards.length, reviews };
}

// /home shows the same page: its canonical URL is /.
export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorFrom(matches);
  return pageMeta({
    title: t("home.meta.title"),
    description: t("home.meta.description"),
    path: "/",
    origin: originFrom(matches),
  });
};

export default function HomePage() {
  const { packages, morePackages, reviews } = useLoaderData<typeof loader>();
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const { t } = useT();
  return (
    <>
      <HeroCarousel />
      <section className="container page-section" aria-labelledby="services-title">
        <h2 id="services-title" className="section-title">
          {t("home.services")}
        </h2>
        <PackagesGrid packages={packages} headingLevel={3} />
        {morePackages ? (
          <p className="see-all">
            <Link to="/services" className="button button-secondary">
              {t("home.seeAll")}
            </Link>
          </p>
        ) : null}
      </section>
      <section className="reviews-section page-section" aria-labelledby="reviews-title">
        <div className="container">
          <h2 id="reviews-title" className="section-title">
            {t("home.reviews")}
          </h2>
          <ReviewsCarousel reviews={reviews} canReport={signedIn} />
        </div>
      </section>
      <NewsletterBox />
    </>
  );
}
