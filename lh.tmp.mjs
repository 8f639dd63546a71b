import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const base = process.argv[2] ?? "http://localhost:3451";
const paths = process.argv.slice(3);
const runs = Number(process.env.RUNS ?? 1);
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
for (const path of paths) {
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouse(base + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
    const s = (id) => Math.round(lhr.categories[id].score * 100);
    const m = (id) => Math.round(lhr.audits[id].numericValue);
    console.log(`${path} perf ${s("performance")} a11y ${s("accessibility")} bp ${s("best-practices")} seo ${s("seo")} | FCP ${m("first-contentful-paint")} LCP ${m("largest-contentful-paint")} TBT ${m("total-blocking-time")} CLS ${(lhr.audits["cumulative-layout-shift"].numericValue ?? -1)} SI ${m("speed-index")}`);
    for (const [cat, c] of Object.entries(lhr.categories)) for (const ref of c.auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || ["notApplicable", "manual", "informative"].includes(a.scoreDisplayMode)) continue;
      if (a.score < 1 && (cat !== "performance" || a.score < 0.9 || ref.weight === 0)) console.log(`   ${cat}:${ref.id} ${a.score} ${a.displayValue ?? ""}`);
    }
    if (process.env.DETAIL) for (const id of ["render-blocking-resources", "render-blocking-insight", "unused-javascript", "uses-long-cache-ttl", "cache-insight", "uses-responsive-images", "image-delivery-insight"]) {
      const a = lhr.audits[id]; if (!a) continue;
      console.log(`   [${id}] score=${a.score} ${a.displayValue ?? ""}`);
      for (const item of (a.details?.items ?? []).slice(0, 20)) console.log("      ", item.url ?? item.source?.url ?? JSON.stringify(item).slice(0, 120), item.wastedBytes ?? item.cacheLifetimeMs ?? item.totalBytes ?? "", item.wastedMs ?? "");
    }
  }
}
await chrome.kill();
