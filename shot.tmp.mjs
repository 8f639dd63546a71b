import { chromium } from "playwright-core";
const [,, path, out, width = "1366", js = "1", admin = "1"] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: 900 }, javaScriptEnabled: js === "1" });
const p = await ctx.newPage();
p.on("console", (m) => console.log("console:", m.text()));
p.on("requestfailed", (r) => console.log("failed:", r.url(), r.failure()?.errorText));
p.on("response", (r) => { if (r.status() >= 400) console.log("status", r.status(), r.url()); });
if (admin === "1") {
  await p.goto("http://localhost:3450/login");
  await p.fill('input[name="email"]', "admin@tourbooking.test");
  await p.fill('input[name="password"]', "admin12345");
  await Promise.all([p.waitForLoadState("networkidle"), p.click('button[type="submit"]:has-text("Login")')]);
}
await p.goto("http://localhost:3450" + path, { waitUntil: "networkidle" });
await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
await p.waitForTimeout(800);
console.log(await p.evaluate(() => [...document.images].map((i) => `${i.currentSrc || i.src} ${i.complete} ${i.naturalWidth}`).join("\n")));
await p.screenshot({ path: out, fullPage: true });
await b.close();
