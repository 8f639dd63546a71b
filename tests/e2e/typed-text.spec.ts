// Text typed by a person comes back as typed, byte for byte, on a form's error round trip without
// JavaScript (issue 35 item 18): Bengali with its vowel signs and virama, a decomposed "é", emoji
// with ZWJ sequences, four travellers at once; no page sent holds a NUL byte (React's stream sent
// one where a character met its 2 KB views: tests/integration/react-stream-bytes.unit.test.ts).
import { expect, test } from "./fixtures";
import { chooseFirstDate, open, pressAddCart } from "./helpers";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

const NAMES = ["সাদিয়া উদ্দিন", "মোঃ আব্দুর রহমান", "Rene\u0301e D'Costa", "নুসরাত জাহান"];
const ADDRESS = "বাড়ি ৭, রোড ৩ 👨‍👩‍👧‍👦 Café\u0301";

test("the checkout gives back Bengali, combining marks and emoji as typed after an error @no-js-only", async ({
  page,
  javaScriptEnabled,
  signIn,
}) => {
  // A page the browser left before its body was read (a quick redirect chain) cannot be read back:
  // those are counted apart, and the checkout's own round trips must be among the pages read.
  const pages: Promise<{ url: string; body: Buffer | null }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "document" || response.status() === 302) return;
    const url = response.url();
    pages.push(
      response.body().then(
        (body) => ({ url, body }),
        (error: Error) => {
          if (!/navigated away|No resource with given identifier/.test(error.message)) throw error;
          return { url, body: null };
        },
      ),
    );
  });
  await signIn();
  await open(page, "/services?q=Sundarbans", javaScriptEnabled);
  await page.getByRole("link", { name: /Order Now: Sundarbans Mangrove Cruise/ }).click();
  await chooseFirstDate(page);
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByRole("button", { name: "One person more" }).click();
  await page.getByRole("button", { name: "One Child (5–11) more" }).click();
  await page.getByLabel("Package type").selectOption("group");
  await pressAddCart(page, javaScriptEnabled);
  await page.getByLabel("First name").fill("সাদিয়া");
  await page.getByLabel("Last name").fill("উদ্দিন");
  await page.getByLabel("Street address").fill(ADDRESS);
  await page.getByLabel("Town / City").fill("খুলনা");
  await page.getByLabel("District").selectOption("Khulna");
  await page.getByLabel("Mobile number").fill("01712345678");
  const traveller = (number: number) => page.getByRole("group", { name: new RegExp(`^Traveller ${number}:`) });
  for (const [index, name] of NAMES.entries())
    await traveller(index + 1)
      .getByLabel("Full name")
      .fill(name);
  // Too old for a Child: the one error of the form.
  await traveller(4).getByLabel("Date of birth").fill("2000-01-01");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(traveller(4).getByText(/^Traveller 4: a Child/)).toBeVisible();
  for (const [index, name] of NAMES.entries()) await expect(traveller(index + 1).getByLabel("Full name")).toHaveValue(name);
  await expect(page.getByLabel("Street address")).toHaveValue(ADDRESS);
  await expect(page.getByLabel("First name")).toHaveValue("সাদিয়া");
  await expect(page.getByLabel("Town / City")).toHaveValue("খুলনা");
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - 8);
  await traveller(4).getByLabel("Date of birth").fill(date.toISOString().slice(0, 10));
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/dashboard\/myOrder$/);
  const read = (await Promise.all(pages)).filter((sent) => sent.body !== null);
  expect(read.filter((sent) => sent.url.includes("/addCart/")).length).toBeGreaterThanOrEqual(2);
  for (const { body } of read) expect(body!.includes(0)).toBe(false);
});
