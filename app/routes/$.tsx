// Any path no other route matches: the not-found page, with status 404.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return null;
}
