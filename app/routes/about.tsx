import type { MetaFunction } from "@remix-run/node";
import { ImageCarousel } from "~/components/ImageCarousel";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta } from "~/http/page-meta";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "About — Tour Booking",
    description: "Our journey, our tour guides and why travellers book with us.",
    path: "/about",
    origin: originFrom(matches),
  });

const guides = [
  { name: "Rahim Uddin", role: "Sundarbans & river cruises", photo: "/images/people/guide-1.svg", years: 12 },
  { name: "Sharmin Sultana", role: "Hill tracts & trekking", photo: "/images/people/guide-2.svg", years: 8 },
  { name: "Kamal Chowdhury", role: "Beaches & islands", photo: "/images/people/guide-3.svg", years: 10 },
];

const figures = [
  { value: "500+", label: "Happy travellers" },
  { value: "300+", label: "Tours completed" },
  { value: "150+", label: "Five-star reviews" },
];

const slides = [
  { src: "/images/about/slide-1.svg", alt: "A river boat at sunset in the Sundarbans" },
  { src: "/images/about/slide-2.svg", alt: "Tea pickers in a Srimangal tea garden" },
  { src: "/images/about/slide-3.svg", alt: "Palm trees on a quiet beach" },
  { src: "/images/about/slide-4.svg", alt: "A hill village in Bandarban" },
];

export default function AboutPage() {
  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>About Us</h1>
          <p>A small travel agency with a big love for Bangladesh.</p>
        </div>
      </section>
      <section className="container page-section two-columns" aria-labelledby="journey-title">
        <div>
          <h2 id="journey-title" className="section-title">
            Our journey
          </h2>
          <p>
            We started in 2015 with one boat and a dream: to show travellers the Sundarbans the way we know it. Today our team
            plans trips from the beaches of Cox&apos;s Bazar to the hills of Bandarban and the tea gardens of Srimangal.
          </p>
          <p>
            Every tour is run by local guides who grew up where they take you. We keep groups small, pay fair wages and work with
            family-run guest houses, so your journey supports the places you visit.
          </p>
        </div>
        <img
          src="/images/about/journey.svg"
          alt="A map of Bangladesh with our travel routes"
          width={640}
          height={480}
          loading="lazy"
        />
      </section>
      <section className="container page-section" aria-labelledby="guides-title">
        <h2 id="guides-title" className="section-title">
          Our tour guides
        </h2>
        <ul className="guides-grid">
          {guides.map((guide) => (
            <li key={guide.name} className="card guide-card">
              <img
                src={guide.photo}
                alt={`Portrait of ${guide.name}`}
                width={160}
                height={160}
                loading="lazy"
                className="avatar"
              />
              <h3>{guide.name}</h3>
              <p>{guide.role}</p>
              <p className="hint">{guide.years} years of guiding</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="why-us page-section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title">
            Why book with us
          </h2>
          <ul className="figures">
            {figures.map((figure) => (
              <li key={figure.value}>
                <strong>{figure.value}</strong>
                <span>{figure.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="section-title">
          Moments from our tours
        </h2>
        <ImageCarousel slides={slides} label="Pictures from our tours" />
      </section>
    </>
  );
}
