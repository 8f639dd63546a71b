// The page's JavaScript loads after the page has: the HTML and its pictures first, then the scripts
// that enhance them, evaluated a few modules per task (docs/performance.md, "Scripts after the
// page"). Remix's <Scripts> preloads every module the page hydrates with (about 25 files, 100 KB
// gzipped) as `<link rel="modulepreload">` and imports them from one inline module script. A phone
// then fetched them beside the hero picture, and evaluated them all in one task of 80–120 ms (four
// times the 20–30 ms of a desktop), which blocked the page's first taps; Lighthouse counted every
// script that had arrived before the page's largest picture was painted as needed to paint it.
// The pages show and work without JavaScript (decision 0002), so nothing waits for it.
//
// <Scripts> takes no option for either, so the server's HTML is rewritten as it streams:
// - each `<link rel="modulepreload">` becomes inert (`rel="x-modulepreload"`); React keeps the
//   element at hydration and leaves an attribute it did not render as it is;
// - the inline module script, of the exact shape Remix 2 writes it, keeps its manifest and, on the
//   window's `load` event, preloads the same files, imports them one by one, a task apart (the
//   framework's, then each route's with the files it imports), then the entry, which hydrates. Any
//   other shape (another Remix version, the development server's) is left as it is.
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload" href=');
const INERT_PRELOAD = Buffer.from('<link rel="x-modulepreload" href=');
const MODULE_SCRIPT = Buffer.from(' type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");

// What Remix 2.17's <Scripts> writes with lazy route discovery and no development server: the route
// modules as static imports, the partial manifest, the route modules by id, the entry's dynamic import.
const REMIX_MODULE_SCRIPT =
  /^;\n((?:import \* as route\d+ from "[^"\n]+";\n)+)(window\.__remixManifest = [\s\S]*;)\nwindow\.__remixRouteModules = \{([^\n]*)\};\n\nimport\(("[^"\n]+")\);$/;
const ROUTE_IMPORT = /import \* as (route\d+) from ("[^"\n]+");/g;
const ROUTE_MODULE = /^("[^"\n]+"):(route\d+)$/;

// Runs in the browser: [route id, module URL] pairs and the entry's URL. Kept in plain ES2020. Every
// module is imported on its own, the files each one imports first, a task apart (scheduler.yield where
// the browser has it; a message otherwise, which, unlike a timer, is not held back 4 ms when nested).
const LOAD_AFTER_PAGE = `(routes, entry) => {
  const manifest = window.__remixManifest;
  const channel = new MessageChannel();
  const pause = () =>
    window.scheduler && window.scheduler.yield
      ? window.scheduler.yield()
      : new Promise((resolve) => {
          channel.port1.onmessage = resolve;
          channel.port2.postMessage(null);
        });
  const files = [...new Set(manifest.entry.imports.concat(...routes.map(([id]) => (manifest.routes[id].imports || []).concat(manifest.routes[id].module))))];
  async function start() {
    // All fetched at once, but a preload costs the page about a millisecond to add: a few per task.
    const preloads = files.concat(entry);
    for (let at = 0; at < preloads.length; at += 5) {
      for (const href of preloads.slice(at, at + 5)) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
      await pause();
    }
    for (const file of files) {
      await import(file);
      await pause();
    }
    const modules = {};
    for (const [id, url] of routes) modules[id] = await import(url);
    window.__remixRouteModules = modules;
    await import(entry);
  }
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}`;

/** Remix's inline module script rewritten to load after the page, or null when it has another shape. */
export function scriptAfterLoad(script: string): string | null {
  const shape = REMIX_MODULE_SCRIPT.exec(script);
  if (!shape) return null;
  const [, imports, manifest, byId, entry] = shape;
  const urls = new Map([...imports.matchAll(ROUTE_IMPORT)].map(([, name, url]) => [name, url]));
  const routes: string[] = [];
  for (const pair of byId.split(",")) {
    const [, id, name] = ROUTE_MODULE.exec(pair) ?? [];
    const url = urls.get(name);
    if (!url) return null;
    routes.push(`[${id}, ${url}]`);
  }
  return `${manifest}\n(${LOAD_AFTER_PAGE})([${routes.join(", ")}], ${entry});`;
}

/** Length of the longest end of `text` that starts one of `patterns`: kept for the next chunk to finish. */
function partialAtEnd(text: Buffer, patterns: Buffer[]): number {
  for (let length = Math.min(Math.max(...patterns.map((p) => p.length)) - 1, text.length); length > 0; length--) {
    const end = text.subarray(text.length - length);
    if (patterns.some((pattern) => pattern.length > length && end.equals(pattern.subarray(0, length)))) return length;
  }
  return 0;
}

/** A stream that passes the page's HTML through with its module preloads inert and its scripts loading after the page. */
export function scriptsAfterLoad(): Transform {
  let held = Buffer.alloc(0);
  // The module script's text while it is read, null outside it.
  let script: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      let text = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      held = Buffer.alloc(0);
      const out: Buffer[] = [];
      while (text.length > 0) {
        if (script) {
          const body: Buffer = Buffer.concat([script, text]);
          const end = body.indexOf(SCRIPT_END);
          if (end === -1) {
            script = body;
            break;
          }
          const original = body.subarray(0, end).toString("utf8");
          out.push(Buffer.from(scriptAfterLoad(original) ?? original), SCRIPT_END);
          text = body.subarray(end + SCRIPT_END.length);
          script = null;
          continue;
        }
        const preload = text.indexOf(PRELOAD);
        const module = text.indexOf(MODULE_SCRIPT);
        if (preload === -1 && module === -1) {
          // Only the start of a tag cut by the chunk's end waits; anything else flushes at once.
          const keep = partialAtEnd(text, [PRELOAD, MODULE_SCRIPT]);
          out.push(text.subarray(0, text.length - keep));
          held = Buffer.from(text.subarray(text.length - keep));
          break;
        }
        if (module === -1 || (preload !== -1 && preload < module)) {
          out.push(text.subarray(0, preload), INERT_PRELOAD);
          text = text.subarray(preload + PRELOAD.length);
        } else {
          out.push(text.subarray(0, module + MODULE_SCRIPT.length));
          text = text.subarray(module + MODULE_SCRIPT.length);
          script = Buffer.alloc(0);
        }
      }
      const ready = Buffer.concat(out);
      callback(null, ready.length > 0 ? ready : undefined);
    },
    flush(callback: TransformCallback) {
      // A page cut short: what was held goes out as it came.
      const rest = Buffer.concat([script ?? Buffer.alloc(0), held]);
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
