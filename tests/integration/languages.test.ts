// The page's language from the root loader, the navbar's switch (cookie and profile) and the
// API's error texts in the language Accept-Language asks for (docs/i18n.md).
import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as root from "~/root";
import * as servicePackage from "~/routes/api.services.$id";
import * as language from "~/routes/language";
import { authedGet, authedPost, createUser, signIn } from "../support/auth";
import { callRoute, formRequest, getRequest } from "../support/requests";

interface RootData {
  language: string;
  messages: Record<string, unknown>;
  user: { email: string } | null;
}

describe("the root loader", () => {
  it("answers in the language asked for, with only that language's messages of the page", async () => {
    const english = await callRoute<RootData>(root.loader, getRequest("/"));
    expect(english.data.language).toBe("en");
    expect(english.data.messages["common.nav.home"]).toBe("Home");
    const bengali = await callRoute<RootData>(root.loader, getRequest("/", { headers: { "Accept-Language": "bn-BD,bn;q=0.9" } }));
    expect(bengali.data.language).toBe("bn");
    expect(bengali.data.messages["common.nav.home"]).toBe("হোম");
    // The API's texts are the server's own: never sent to a page.
    expect(Object.keys(bengali.data.messages).some((key) => key.startsWith("api."))).toBe(false);
  });

  it("keeps ?lang= in a cookie, and such a page is no shared cache's", async () => {
    const answer = await callRoute<RootData>(root.loader, getRequest("/services?lang=bn"));
    expect(answer.data.language).toBe("bn");
    expect(answer.headers.get("Set-Cookie")).toMatch(/lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    const next = await callRoute<RootData>(root.loader, getRequest("/about", { headers: { Cookie: "lang=bn" } }));
    expect(next.data.language).toBe("bn");
    expect(next.headers.get("Set-Cookie")).toBeNull();
  });

  it("takes a signed-in person's language from their account when the browser has no cookie", async () => {
    const prisma = await db();
    const user = await createUser();
    await prisma.user.update({ where: { id: user.id }, data: { language: "bn" } });
    const cookie = await signIn(user.id);
    expect((await callRoute<RootData>(root.loader, authedGet("/", cookie))).data.language).toBe("bn");
    // The cookie (this browser's choice) comes first.
    const withCookie = await callRoute<RootData>(root.loader, authedGet("/", `${cookie}; lang=en`));
    expect(withCookie.data.language).toBe("en");
  });
});

describe("the language switch (POST /language)", () => {
  it("keeps the choice in a cookie and goes back to the page, without ?lang=", async () => {
    const answer = await callRoute(
      language.action,
      formRequest("/language", { language: "bn", returnTo: "/services?q=sea&lang=en" }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/services?q=sea");
    expect(answer.headers.get("Set-Cookie")).toMatch(/^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it("saves a signed-in person's choice on their account", async () => {
    const prisma = await db();
    const user = await createUser();
    const cookie = await signIn(user.id);
    const answer = await callRoute(language.action, authedPost("/language", { language: "bn", returnTo: "/dashboard" }, cookie));
    expect(answer.location).toBe("/dashboard");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe("bn");
    await callRoute(language.action, authedPost("/language", { language: "en", returnTo: "/" }, cookie));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe("en");
  });

  it("refuses a language the site does not have, changing nothing", async () => {
    const answer = await callRoute(language.action, formRequest("/language", { language: "fr", returnTo: "/" }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("the API's error texts", () => {
  it("are in Bengali when Accept-Language asks for it, in English otherwise", async () => {
    const params = { id: "nosuchpackage0000" };
    const english = await callRoute<{ error: string }>(
      servicePackage.loader,
      getRequest("/api/services/nosuchpackage0000"),
      params,
    );
    expect(english.status).toBe(404);
    expect(english.data.error).toBe("No such package.");
    const bengali = await callRoute<{ error: string }>(
      servicePackage.loader,
      getRequest("/api/services/nosuchpackage0000", { headers: { "Accept-Language": "bn-BD, bn;q=0.9, en;q=0.5" } }),
      params,
    );
    expect(bengali.status).toBe(404);
    expect(bengali.data.error).toBe("এমন কোনো প্যাকেজ নেই।");
    expect(bengali.headers.get("Vary")).toContain("Accept-Language");
  });
});
