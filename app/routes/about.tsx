import type { MetaFunction } from "@remix-run/node";
import { useFormat } from "~/components/format";
import { ImageCarousel } from "~/components/ImageCarousel";
import { useT } from "~/components/language-context";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta, translatorFrom } from "~/http/page-meta";
import type { MessageKey } from "~/platform/i18n";

export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorFrom(matches);
  return pageMeta({
    title: t("about.meta.title"),
    description: t("about.meta.description"),
    path: "/about",
    origin: originFrom(matches),
  });
};

const guides: { name: MessageKey; role: MessageKey; photo: string; years: number }[] = [
  { name: "about.guide.rahim.name", role: "about.guide.rahim.role", photo: "/images/people/guide-1.svg", years: 12 },
  { name: "about.guide.sharmin.name", role: "about.guide.sharmin.role", photo: "/images/people/guide-2.svg", years: 8 },
  { name: "about.guide.kamal.name", role: "about.guide.kamal.role", photo: "/images/people/guide-3.svg", years: 10 },
];

const figures: { value: string; label: MessageKey }[] = [
  { value: "500+", label: "about.why.travellers" },
  { value: "300+", label: "about.why.tours" },
  { value: "150+", label: "about.why.reviews" },
];

const slides: { src: string; alt: MessageKey }[] = [
  { src: "/images/about/slide-1.svg", alt: "about.slide.river" },
  { src: "/images/about/slide-2.svg", alt: "about.slide.tea" },
  { src: "/images/about/slide-3.svg", alt: "about.slide.beach" },
  { src: "/images/about/slide-4.svg", alt: "about.slide.hill" },
];

export default function AboutPage() {
  const { t } = useT();
  const format = useFormat();
  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>{t("about.title")}</h1>
          <p>{t("about.text")}</p>
        </div>
      </section>
      <section className="container page-section two-columns" aria-labelledby="journey-title">
        <div>
          <h2 id="journey-title" className="section-title">
            {t("about.journey.title")}
          </h2>
          <p>{t("about.journey.p1")}</p>
          <p>{t("about.journey.p2")}</p>
        </div>
        <img src="/images/about/journey.svg" alt={t("about.journey.image")} width={640} height={480} loading="lazy" />
      </section>
      <section className="container page-section" aria-labelledby="guides-title">
        <h2 id="guides-title" className="section-title">
          {t("about.guides.title")}
        </h2>
        <ul className="guides-grid">
          {guides.map((guide) => (
            <li key={guide.name} className="card guide-card">
              <img
                src={guide.photo}
                alt={t("about.guides.portrait", { name: t(guide.name) })}
                width={160}
                height={160}
                loading="lazy"
                className="avatar"
              />
              <h3>{t(guide.name)}</h3>
              <p>{t(guide.role)}</p>
              <p className="hint">{t("about.guides.years", { years: guide.years })}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="why-us page-section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title">
            {t("about.why.title")}
          </h2>
          <ul className="figures">
            {figures.map((figure) => (
              <li key={figure.value}>
                <strong>{format.digits(figure.value)}</strong>
                <span>{t(figure.label)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container page-section" aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="section-title">
          {t("about.gallery.title")}
        </h2>
        <ImageCarousel slides={slides.map((slide) => ({ src: slide.src, alt: t(slide.alt) }))} label={t("about.gallery.label")} />
      </section>
    </>
  );
}
