import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <section className="container not-found">
      <img src="/images/not-found.svg" width={600} height={400} alt="A lost traveller looking at a map: page not found" />
      <h1>Page not found</h1>
      <p>
        The page you are looking for does not exist. <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
