// A fake of Google's OAuth token and user-info endpoints (MSW), behaving like the real ones
// for what remix-auth-google uses: code exchange (errors as 400 JSON) and the userinfo profile.
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
export const GOOGLE_USERINFO_URL = "https://www.googleapis.com/oauth2/v3/userinfo";

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export function createGoogleFake({ clientId, clientSecret }: { clientId: string; clientSecret: string }) {
  /** authorization code → account; a code works once */
  const codes = new Map<string, FakeGoogleAccount>();
  const tokens = new Map<string, FakeGoogleAccount>();
  const server = setupServer(
    http.post(GOOGLE_TOKEN_URL, async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      if (body.get("client_id") !== clientId || body.get("client_secret") !== clientSecret) {
        return HttpResponse.json(
          { error: "invalid_client", error_description: "The OAuth client was not found." },
          { status: 401 },
        );
      }
      const account = codes.get(body.get("code") ?? "");
      if (body.get("grant_type") !== "authorization_code" || !account || !body.get("redirect_uri")) {
        return HttpResponse.json({ error: "invalid_grant", error_description: "Bad Request" }, { status: 400 });
      }
      codes.delete(body.get("code")!);
      const accessToken = `ya29.fake-${Math.random().toString(36).slice(2)}`;
      tokens.set(accessToken, account);
      return HttpResponse.json({
        access_token: accessToken,
        expires_in: 3599,
        token_type: "Bearer",
        scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
        id_token: "fake.id.token",
      });
    }),
    http.get(GOOGLE_USERINFO_URL, ({ request }) => {
      const token = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
      const account = tokens.get(token);
      if (!account) {
        return HttpResponse.json(
          { error: "invalid_request", error_description: "Invalid Credentials" },
          { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="https://accounts.google.com/"' } },
        );
      }
      return HttpResponse.json(account);
    }),
  );
  return {
    server,
    /** what Google would hand back to the callback after consent */
    issueCode(account: FakeGoogleAccount): string {
      const code = `4/fake-${Math.random().toString(36).slice(2)}`;
      codes.set(code, account);
      return code;
    },
  };
}
