import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { logout } from "~/accounts/index.server";

// Log Out is a POST form (a GET could be triggered by any link or image on another site).
export async function action({ request }: ActionFunctionArgs) {
  return logout(request, "/");
}

export function loader() {
  return redirect("/");
}
