import { Link } from "@remix-run/react";
import { PackageImage } from "~/components/PackageImage";
import { formatDollars } from "~/domain/money";

interface PackageCardData {
  id: string;
  title: string;
  costCents: number;
  image: string;
}

export function PackagesGrid({ packages, headingLevel = 2 }: { packages: PackageCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  if (packages.length === 0) return <p className="empty">No tour packages are available right now. Please check back soon.</p>;
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
            <p className="cost">Cost: {formatDollars(tourPackage.costCents)}</p>
            <Link to={`/order/${tourPackage.id}`} className="button" aria-label={`Order Now: ${tourPackage.title}`}>
              Order Now
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
