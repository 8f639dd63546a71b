import { AgencyContact } from "~/components/AgencyContact";
import { useT } from "~/components/language-context";
import type { AgencyContact as Contact } from "~/platform/agency";
import type { MessageKey } from "~/platform/i18n";

const companyLinks: MessageKey[] = [
  "common.footer.link.home",
  "common.footer.link.about",
  "common.footer.link.products",
  "common.footer.link.contact",
  "common.footer.link.privacy",
  "common.footer.link.help",
  "common.footer.link.work",
  "common.footer.link.terms",
];

const socialLinks = [
  {
    href: "https://www.facebook.com/",
    label: "Facebook",
    icon: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
  },
  {
    href: "https://www.instagram.com/",
    label: "Instagram",
    icon: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z",
  },
  {
    href: "https://twitter.com/",
    label: "Twitter",
    icon: "M22 6c-.7.3-1.5.5-2.3.6.8-.5 1.5-1.3 1.8-2.2-.8.5-1.7.8-2.6 1A4 4 0 0 0 12 9a11.4 11.4 0 0 1-8.3-4.2 4 4 0 0 0 1.2 5.4c-.6 0-1.3-.2-1.8-.5 0 2 1.4 3.6 3.2 4a4 4 0 0 1-1.8.1 4 4 0 0 0 3.8 2.8A8 8 0 0 1 2 18.3 11.4 11.4 0 0 0 8.3 20c7.4 0 11.5-6.2 11.5-11.5v-.5c.8-.6 1.5-1.3 2.2-2z",
  },
  {
    href: "https://www.youtube.com/",
    label: "YouTube",
    icon: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
  },
];

const gallery = ["g1", "g2", "g3", "g4", "g5", "g6"];

export function Footer({ contact }: { contact?: Contact | null }) {
  const { t } = useT();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer-title">
            {t("common.nav.brand")}
          </h2>
          <p>{t("common.footer.about")}</p>
          {contact ? <AgencyContact contact={contact} className="footer-contact" /> : null}
          <ul className="social-links" aria-label={t("common.footer.social")}>
            {socialLinks.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("common.footer.opensInNewTab", { name: link.label })}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path d={link.icon} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="footer-title">
            {t("common.footer.company")}
          </h2>
          <ul className="footer-links">
            {companyLinks.map((label) => (
              <li key={label}>
                <a href="/">{t(label)}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-gallery">
          <h2 id="footer-gallery" className="footer-title">
            {t("common.footer.gallery")}
          </h2>
          <ul className="footer-gallery">
            {gallery.map((name) => (
              <li key={name}>
                <img src={`/images/gallery/${name}.svg`} width={200} height={200} alt="" loading="lazy" />
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">{t("common.footer.copyright")}</p>
    </footer>
  );
}
