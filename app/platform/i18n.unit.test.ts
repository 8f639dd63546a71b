// The two languages' messages and how a request's language is chosen (docs/i18n.md).
import { describe, expect, it } from "vitest";
import bengali from "~/locales/bn.json";
import english from "~/locales/en.json";
import { createTranslator, LANGUAGES, type MessageKey, namespacesFor, placeName } from "~/platform/i18n";
import {
  acceptedLanguage,
  apiLanguage,
  chooseLanguage,
  cookieLanguage,
  messagesFor,
  sourceMessages,
  switchBackPath,
  textsFor,
  translateText,
  translator,
} from "~/platform/i18n.server";
import { DESTINATIONS } from "~/platform/places";

/** The {names} a message fills in (plural and select arguments included), sorted. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => match[1]))].sort();
}

describe("the message files", () => {
  it("have the same keys in both languages, none of them empty", () => {
    const missingInBengali = Object.keys(english).filter((key) => !(key in bengali));
    const missingInEnglish = Object.keys(bengali).filter((key) => !(key in english));
    expect(missingInBengali, "keys of en.json missing from bn.json").toEqual([]);
    expect(missingInEnglish, "keys of bn.json missing from en.json").toEqual([]);
    for (const language of LANGUAGES) {
      const empty = Object.entries(sourceMessages(language)).filter(([, text]) => text.trim() === "");
      expect(empty, `empty texts in ${language}.json`).toEqual([]);
    }
  });

  it("fill in the same placeholders in both languages, and every key has a namespace", () => {
    for (const key of Object.keys(english) as MessageKey[]) {
      expect(key, "a key is namespace.name").toMatch(/^[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+$/);
      expect(placeholders(bengali[key]), key).toEqual(placeholders(english[key]));
    }
  });

  it("compile in both languages (valid ICU MessageFormat) and format numbers in the language's digits", () => {
    for (const language of LANGUAGES) {
      const { t } = translator(language);
      for (const key of Object.keys(english) as MessageKey[]) expect(t(key), `${language}: ${key}`).not.toBe(key);
    }
    expect(translator("en").t("common.nav.hello", { name: "Rahim" })).toBe("Hello, Rahim");
    expect(translator("bn").t("common.nav.hello", { name: "রহিম" })).toBe("স্বাগতম, রহিম");
    const plural = createTranslator("bn", { "common.nav.home": [["n", "plural", { one: ["#", " জন"], other: ["#", " জন"] }]] });
    expect(plural.t("common.nav.home", { n: 12 })).toBe("১২ জন");
  });
});

describe("the messages a page sends", () => {
  it("are only its namespaces, in its language only", () => {
    const messages = messagesFor("bn", ["common"]);
    expect(Object.keys(messages).length).toBeGreaterThan(10);
    expect(Object.keys(messages).every((key) => key.startsWith("common."))).toBe(true);
    expect(messages["common.nav.home"]).toBe(bengali["common.nav.home"]);
    expect(messagesFor("en", ["common"])["common.nav.home"]).toBe("Home");
    expect(namespacesFor("/")).toContain("common");
    expect(namespacesFor("/dashboard/anything")[0]).toBe("common");
    // the layout's texts on every dashboard page, once, beside the page's own
    expect(namespacesFor("/dashboard/myOrder")).toEqual(["common", "dashboard", "booking", "form", "orders", "payment", "trip"]);
    expect(namespacesFor("/dashboard/orders/abc")).toEqual(expect.arrayContaining(["payment", "deliveryLog", "orders"]));
  });

  it("of an order page include the gateway's result, the refund owed and the delivery log", () => {
    expect(namespacesFor("/dashboard/orders/abc")).toEqual(expect.arrayContaining(["payment", "orders", "deliveryLog"]));
    expect(namespacesFor("/dashboard/myOrder")).toEqual(expect.arrayContaining(["payment", "orders"]));
    expect(namespacesFor("/dashboard/payment/abc")).toContain("payment");
  });
});

describe("the English texts a page shows in its language", () => {
  it("are sent to a Bengali page with forms only, as pairs of the form namespace, and never as messages", () => {
    const texts = textsFor("bn", namespacesFor("/contact"));
    expect(texts["Please enter your name."]).toBe(bengali["form.name.missing"]);
    expect(texts[english["form.limit.messages"]]).toBe(bengali["form.limit.messages"]);
    expect(Object.values(texts).every((text) => /[\u0980-\u09ff]/.test(text))).toBe(true);
    expect(textsFor("en", namespacesFor("/contact"))).toEqual({});
    expect(textsFor("bn", namespacesFor("/about"))).toEqual({});
    expect(Object.keys(messagesFor("bn", namespacesFor("/contact"))).some((key) => key.startsWith("form."))).toBe(false);
  });

  it("are shown in the page's language, and an unknown text as it is", () => {
    const { text } = createTranslator("bn", {}, { "Please enter your name.": "আপনার নাম লিখুন।" });
    expect(text("Please enter your name.")).toBe("আপনার নাম লিখুন।");
    expect(text("Something else.")).toBe("Something else.");
    expect(text(undefined)).toBe("");
    expect(text("constructor")).toBe("constructor");
  });

  it("fill a text made of values (seats left, a category's name) into the other language's text", () => {
    const { text } = createTranslator("bn", {}, textsFor("bn", namespacesFor("/order/abc")));
    expect(text("Only 3 seats left on this date.")).toBe("এই তারিখে আর মাত্র ৩টি আসন বাকি।");
    expect(text("Only 1 seat left on this date.")).toBe("এই তারিখে আর মাত্র ১টি আসন বাকি।");
    expect(text("Child: at most 4 per booking.")).toBe("Child: প্রতি বুকিংয়ে সর্বোচ্চ ৪ জন।");
    expect(text("Persons must be between 1 and 20; set to 20.")).toBe(
      "যাত্রীর সংখ্যা হতে হবে ১ থেকে ২০-এর মধ্যে; ২০ করে দেওয়া হলো।",
    );
    expect(text("Only a few seats left on this date, maybe.")).toBe("Only a few seats left on this date, maybe.");
  });

  it("name every destination of the search in Bengali", () => {
    const bn = translator("bn");
    for (const destination of DESTINATIONS) expect(placeName(bn, destination), destination).not.toMatch(/[A-Za-z]/);
    expect(placeName(bn, "Cox's Bazar")).toBe("কক্সবাজার");
    expect(placeName(bn, "Sundarbans")).toBe("সুন্দরবন");
    expect(placeName(bn, "Saint Martin's Island")).toBe("সেন্ট মার্টিন দ্বীপ");
    expect(placeName(translator("en"), "Cox's Bazar")).toBe("Cox's Bazar");
    expect(placeName(bn, "Atlantis")).toBe("Atlantis");
  });
});

const request = (url: string, headers: Record<string, string> = {}) => new Request(`http://localhost${url}`, { headers });

describe("the language of a request", () => {
  it("reads Accept-Language by the person's order of preference", () => {
    expect(acceptedLanguage("bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("bn");
    expect(acceptedLanguage("en-US,en;q=0.9,bn;q=0.8")).toBe("en");
    expect(acceptedLanguage("fr-FR,bn;q=0.5,en;q=0.4")).toBe("bn");
    expect(acceptedLanguage("en;q=0.5, bn;q=0.9")).toBe("bn");
    expect(acceptedLanguage("bn;q=0, en")).toBe("en");
    expect(acceptedLanguage("fr, de")).toBeNull();
    expect(acceptedLanguage(null)).toBeNull();
    expect(acceptedLanguage("*")).toBeNull();
  });

  it("is ?lang=, else the cookie, else the account's, else Accept-Language, else English", () => {
    const bnBrowser = { "Accept-Language": "bn-BD,bn;q=0.9" };
    expect(chooseLanguage(request("/")).language).toBe("en");
    expect(chooseLanguage(request("/", bnBrowser)).language).toBe("bn");
    expect(chooseLanguage(request("/", bnBrowser), "en").language).toBe("en");
    expect(chooseLanguage(request("/", { Cookie: "lang=bn" }), "en").language).toBe("bn");
    expect(chooseLanguage(request("/", { ...bnBrowser, Cookie: "a=1; lang=en" })).language).toBe("en");
    const fromQuery = chooseLanguage(request("/services?lang=bn", { Cookie: "lang=en" }), "en");
    expect(fromQuery.language).toBe("bn");
    // ?lang= sticks: a cookie for the next pages; none when the cookie already says so.
    expect(fromQuery.setCookie).toMatch(/^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(chooseLanguage(request("/?lang=bn", { Cookie: "lang=bn" })).setCookie).toBeNull();
    // Anything else is ignored.
    expect(chooseLanguage(request("/?lang=fr", { Cookie: "lang=xx" }), "de").language).toBe("en");
    expect(cookieLanguage(request("/", { Cookie: "lang=bn" }))).toBe("bn");
  });

  it("of an API answer is Accept-Language's", () => {
    expect(apiLanguage(request("/api/services", { "Accept-Language": "bn" }))).toBe("bn");
    expect(apiLanguage(request("/api/services", { Cookie: "lang=bn" }))).toBe("en");
  });

  it("translates a text the code says in English, and leaves an unknown one as it is", () => {
    expect(translateText("bn", english["common.error.generic"])).toBe(bengali["common.error.generic"]);
    expect(translateText("en", english["common.error.generic"])).toBe(english["common.error.generic"]);
    expect(translateText("bn", "A text no message has.")).toBe("A text no message has.");
  });

  it("switches back to the same page of this site, without ?lang=, and nowhere else", () => {
    expect(switchBackPath("/services?q=sea&lang=en&page=2")).toBe("/services?q=sea&page=2");
    expect(switchBackPath("/login")).toBe("/login");
    for (const bad of ["https://evil.example/", "//evil.example", "/\\evil", "evil", null, "/a\nb"]) {
      expect(switchBackPath(bad)).toBe("/");
    }
  });
});
