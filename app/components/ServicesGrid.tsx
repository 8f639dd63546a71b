import { Link } from "@remix-run/react";
import { formatDollars } from "~/money";

interface ServiceCardData {
  id: string;
  title: string;
  costCents: number;
  image: string;
}

export function ServicesGrid({ services, headingLevel = 2 }: { services: ServiceCardData[]; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  if (services.length === 0) return <p className="empty">No tour packages are available right now. Please check back soon.</p>;
  return (
    <ul className="services-grid">
      {services.map((service, index) => (
        <li key={service.id} className="card service-card">
          <img
            src={service.image}
            alt={service.title}
            width={640}
            height={420}
            loading={index < 3 ? "eager" : "lazy"}
            decoding="async"
            {...(index === 0 ? { fetchpriority: "high" } : {})}
          />
          <div className="card-body">
            <Heading className="card-title">{service.title}</Heading>
            <p className="cost">Cost: {formatDollars(service.costCents)}</p>
            <Link to={`/order/${service.id}`} className="button" aria-label={`Order Now: ${service.title}`}>
              Order Now
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
