import { Link, NavLink } from "@remix-run/react";

const links = [
  { to: "/home", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/contact", label: "Contact" },
];

export function Navbar() {
  return (
    <header className="site-header">
      <nav className="navbar container" aria-label="Main">
        <Link to="/" className="brand">
          <img src="/images/logo.svg" width={40} height={40} alt="" />
          <span>Tour Booking</span>
        </Link>
        <input type="checkbox" id="nav-toggle" className="nav-toggle" aria-label="Show the menu" />
        <label htmlFor="nav-toggle" className="nav-toggle-label" aria-hidden="true">
          <span />
        </label>
        <ul className="nav-links">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} prefetch="intent">
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/login">Login</NavLink>
          </li>
          <li>
            <NavLink to="/register" className="button button-small">
              Register
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
