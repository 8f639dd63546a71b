// npm run photos:to-s3: copies the photos kept in UPLOAD_DIR into the bucket of S3_* (docs/deployment.md,
// Photo storage), under the same keys, so that the site's photo URLs keep working once the
// instances use the bucket. Idempotent: a photo already in the bucket is not sent again. It runs
// the app's own code from the production build (`npm run build` first), with its configuration.
import { existsSync } from "node:fs";
import path from "node:path";
import { loadBuild } from "../server/build.mjs";

const BUILD_PATH = path.resolve(process.env.BUILD_PATH ?? "build/index.js");
if (!existsSync(BUILD_PATH)) {
  console.error("photos:to-s3: no production build; run `npm run build` first.");
  process.exit(1);
}
const build = await loadBuild(BUILD_PATH);
const started = Date.now();
try {
  const counts = await build.entry.module.copyUploadsToBucket((progress) => {
    const done = progress.copied + progress.present;
    if (done % 500 === 0) console.log(`photos:to-s3: ${done} files so far`);
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`photos:to-s3: ${counts.copied} copied, ${counts.present} already in the bucket (${seconds} s)`);
} catch (error) {
  console.error(`photos:to-s3: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
