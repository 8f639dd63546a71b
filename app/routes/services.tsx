import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PackagesGrid } from "~/components/PackagesGrid";
import { listPackageCards } from "~/data/packages.server";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta } from "~/http/page-meta";

export const headers = publicPageHeaders;

export async function loader() {
  return { packages: await listPackageCards() };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Service — Tour Booking",
    description: "All our tour packages across Bangladesh, with prices per person.",
    path: "/services",
    origin: originFrom(matches),
  });

export default function PackagesPage() {
  const { packages } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>Our Service</h1>
          <p>Choose your next trip: every package includes a local guide and honest prices.</p>
        </div>
      </section>
      <section className="container page-section" aria-label="Tour packages">
        <PackagesGrid packages={packages} />
      </section>
    </>
  );
}
