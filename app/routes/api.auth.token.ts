import { tokenRequestSchema } from "~/accounts";
import { authFailure, createApiToken, getApiTokenUser, passwordBusy, revokeApiToken, verifyLogin } from "~/accounts/index.server";
import { apiRoute, bearerToken, jsonError, readBody, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/platform/client-address.server";
import { take } from "~/platform/rate-limit.server";

export const { loader, action } = apiRoute({
  // POST /api/auth/token: email and password (checked and rate limited as the login form is) for
  // a bearer token; tokens per account and per address are limited too (app/platform/rate-limit.server.ts).
  // Wrong email and wrong password get the same answer.
  POST: async ({ request, context }) => {
    const { email, password } = await readBody(request, tokenRequestSchema);
    const address = clientAddress(request, context);
    try {
      const user = await verifyLogin(email, password, address);
      const counted = await take("token", { account: user.id, address });
      if (counted.refused) return tooManyRequests(counted.refused);
      const { token, expiresAt } = await createApiToken(user.id);
      return Response.json({ token, expiresAt: expiresAt.toISOString() });
    } catch (error) {
      const busy = passwordBusy(error);
      if (busy) return jsonError(503, busy.message, undefined, { "Retry-After": String(busy.retryAfterSeconds) });
      const failure = authFailure(error);
      if (!failure) throw error;
      if (failure.code === "too-many-requests") {
        return jsonError(429, failure.message, undefined, { "Retry-After": String(failure.retryAfterSeconds ?? 60) });
      }
      if (failure.code === "user-disabled") return jsonError(403, failure.message);
      return jsonError(401, failure.message, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
    }
  },

  // DELETE /api/auth/token: revokes the token the request presents.
  DELETE: async ({ request }) => {
    const token = bearerToken(request);
    if (token === null || !(await getApiTokenUser(token))) {
      return jsonError(401, "Send the token to revoke as Authorization: Bearer <token>.", undefined, {
        "WWW-Authenticate": 'Bearer realm="api"',
      });
    }
    return Response.json({ deletedCount: await revokeApiToken(token) });
  },
});
