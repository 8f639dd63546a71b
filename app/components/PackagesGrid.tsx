import { Link } from "@remix-run/react";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { PackageImage } from "~/components/PackageImage";
import { Stars } from "~/components/Stars";

interface PackageCardData {
  id: string;
  title: string;
  costCents: number;
  image: string;
  /** the average stars of the package's reviews; absent or null when none gives stars */
  averageRating?: number | null;
  ratingCount?: number;
}

function Rating({ average, count }: { average: number; count: number }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <p className="card-rating">
      <span aria-hidden="true">
        <Stars rating={average} />
      </span>
      <span>
        <span className="visually-hidden">{t("public.card.rated")}</span>
        {format.digits(average.toFixed(1))}
        <span className="visually-hidden">{t("public.card.outOf5")}</span> ({t("public.card.reviews", { count })})
      </span>
    </p>
  );
}

export function PackagesGrid({ packages, headingLevel = 2 }: { packages: PackageCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const format = useFormat();
  const { t } = useT();
  if (packages.length === 0) return <p className="empty">{t("public.card.none")}</p>;
  return (
    <ul className="services-grid">
      {packages.map((tourPackage, index) => (
        <li key={tourPackage.id} className="card service-card">
          <PackageImage
            src={tourPackage.image}
            alt={tourPackage.title}
            width={640}
            height={420}
            sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 33vw"
            priority={index === 0}
            {...(index > 0 && index < 3 ? { loading: "eager" as const } : {})}
          />
          <div className="card-body">
            <Heading className="card-title">{tourPackage.title}</Heading>
            {tourPackage.averageRating != null && tourPackage.ratingCount ? (
              <Rating average={tourPackage.averageRating} count={tourPackage.ratingCount} />
            ) : null}
            <p className="cost">{t("public.card.cost", { cost: format.dollars(tourPackage.costCents) })}</p>
            <Link
              to={`/order/${tourPackage.id}`}
              className="button"
              aria-label={t("public.card.orderNowLabel", { title: tourPackage.title })}
            >
              {t("public.card.orderNow")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
