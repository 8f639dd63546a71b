import { Form, Link, NavLink, useLocation } from "@remix-run/react";

const links = [
  { to: "/home", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/contact", label: "Contact" },
];

export interface NavbarUser {
  email: string;
  displayName: string;
  photoUrl: string | null;
  isAdmin: boolean;
}

export function Navbar({ user = null }: { user?: NavbarUser | null }) {
  const { pathname } = useLocation();
  const inDashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  return (
    <header className="site-header">
      {user ? (
        <div className="user-strip">
          <div className="container user-strip-inner">
            <img
              src={user.photoUrl || "/images/people/default-avatar.svg"}
              width={32}
              height={32}
              alt=""
              className="user-avatar"
              referrerPolicy="no-referrer"
            />
            <span className="user-email">{user.email}</span>
            <span className="user-greeting">Hello, {user.displayName}</span>
            {inDashboard ? (
              <Link to="/" className="user-strip-link">
                Visit Site
              </Link>
            ) : (
              <Link to="/dashboard" className="user-strip-link">
                Dashboard
              </Link>
            )}
            <Form method="post" action="/logout" className="logout-form">
              <button type="submit" className="button button-small">
                Log Out
              </button>
            </Form>
          </div>
        </div>
      ) : null}
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
          {user ? null : (
            <>
              <li>
                <NavLink to="/login">Login</NavLink>
              </li>
              <li>
                <NavLink to="/register" className="button button-small">
                  Register
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
