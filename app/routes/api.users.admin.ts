import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { jsonError, methodNotAllowed, readBody, requireApiAdmin } from "~/api.server";
import { promoteToAdmin } from "~/users.server";

const makeAdminSchema = z.object({
  email: z.string({ required_error: "email is required." }).trim().toLowerCase().email("email must be an email address."),
});

// PUT /api/users/admin (admin): { modifiedCount }; an unknown email is a 404 and changes nothing.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  await requireApiAdmin(request);
  const { email } = await readBody(request, makeAdminSchema);
  const { found, modified } = await promoteToAdmin(email);
  if (!found) return jsonError(404, "No user has this email address.");
  return Response.json({ modifiedCount: modified });
}
