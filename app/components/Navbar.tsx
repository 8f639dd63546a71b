import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { avatarSrc } from "~/accounts/avatars";
import { useT } from "~/components/language-context";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import type { MessageKey } from "~/platform/i18n";

const links: { to: string; label: MessageKey }[] = [
  { to: "/home", label: "common.nav.home" },
  { to: "/about", label: "common.nav.about" },
  { to: "/services", label: "common.nav.services" },
  { to: "/contact", label: "common.nav.contact" },
];

export interface NavbarUser {
  email: string;
  displayName: string;
  photoUrl: string | null;
  isAdmin: boolean;
}

export function Navbar({ user = null }: { user?: NavbarUser | null }) {
  const { pathname } = useLocation();
  const { t } = useT();
  const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  // On narrow screens the links are a menu panel behind a toggle button. Without JavaScript the
  // button is hidden (CSS `scripting: none`) and the links are always shown.
  const [menuOpen, setMenuOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  // An open menu closes on Escape (focus back on its button) and on a tap outside it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);
  const closeMenu = () => setMenuOpen(false);
  return (
    <header className="site-header">
      {user ? (
        <div className="user-strip">
          <div className="container user-strip-inner">
            <img
              src={avatarSrc(user.photoUrl)}
              width={32}
              height={32}
              alt=""
              className="user-avatar"
              referrerPolicy="no-referrer"
            />
            <span className="user-email">{user.email}</span>
            <span className="user-greeting">{t("common.nav.hello", { name: user.displayName })}</span>
            {inDashboard ? (
              <Link to="/" className="user-strip-link">
                {t("common.nav.visitSite")}
              </Link>
            ) : (
              <Link to="/dashboard" className="user-strip-link">
                {t("common.nav.dashboard")}
              </Link>
            )}
            <Form method="post" action="/logout" className="logout-form">
              <button type="submit" className="button button-small">
                {t("common.nav.logOut")}
              </button>
            </Form>
          </div>
        </div>
      ) : null}
      <nav className="navbar container" aria-label={t("common.nav.label")} ref={navRef}>
        <Link to="/" className="brand">
          <img src="/images/logo.svg" width={40} height={40} alt="" />
          <span>{t("common.nav.brand")}</span>
        </Link>
        <LanguageSwitch />
        <button
          type="button"
          ref={toggleRef}
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="nav-toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{t("common.nav.menu")}</span>
        </button>
        <ul id="site-menu" className={menuOpen ? "nav-links is-open" : "nav-links"}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} prefetch="intent" onClick={closeMenu}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          {user ? null : (
            <>
              <li>
                <NavLink to="/login" onClick={closeMenu}>
                  {t("common.nav.login")}
                </NavLink>
              </li>
              <li>
                <NavLink to="/register" className="button button-small" onClick={closeMenu}>
                  {t("common.nav.register")}
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
