// A local S3-compatible server for the tests (@20minutes/s3rver: files in a temporary directory,
// the S3 REST API with signature checks, path-style URLs), started by the test itself: no Docker,
// no download. `env` is what an app process (or this process) needs to keep its photos there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";

/** The key pair s3rver accepts (its only account). */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export interface S3Server {
  endpoint: string;
  port: number;
  bucket: string;
  /** S3_* variables for the bucket; override S3_BUCKET for a bucket that does not exist. */
  env: Record<string, string>;
  /** Stops the server (the files stay until remove()); start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Deletes the bucket and its objects behind the server's back (a bucket removed by mistake); start() after stop() makes it again, empty. */
  dropBucket(): void;
  /** Stops it and deletes its files. */
  remove(): Promise<void>;
}

/** Starts a server with one empty bucket on a free port of 127.0.0.1 (or `port`). */
export async function startS3Server({ bucket = "photos", port = 0 } = {}): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "tb-s3-"));
  let server: S3rver | null = null;
  let listening = port;
  const start = async () => {
    const instance = new S3rver({
      address: "127.0.0.1",
      port: listening,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    listening = (await instance.run()).port;
    server = instance;
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running) return;
    // Open keep-alive connections would hold close() open.
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${listening}`;
  return {
    endpoint,
    port: listening,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    start,
    dropBucket: () => rmSync(join(directory, bucket), { recursive: true, force: true }),
    async remove() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
