// Where uploaded files (package and profile photos) are kept: a directory of this machine
// (UPLOAD_DIR, the default) or an S3-compatible bucket (S3_*, docs/configuration.md) that every
// instance behind a load balancer shares. Keys are relative paths such as "{id}/960.webp", the
// same in both, so `npm run photos:to-s3` copies a directory into a bucket as it is (decision 0017).
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { env, type S3Config } from "~/platform/env.server";

/** An object to stream to a client. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
}

export interface ObjectStorage {
  /** The object's bytes; null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size; null when there is no such object. */
  open(key: string): Promise<StoredObject | null>;
  /** Stores the object whole: a reader never sees half of it, even with two writers of one key. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

/**
 * The storage cannot be read or written (a bucket that is missing or refuses our keys, a store
 * that does not answer, a full or read-only disk): the caller answers 503, the site stays up.
 */
export class ObjectStorageUnavailableError extends Error {
  constructor(operation: string, key: string, cause: unknown) {
    super(`object storage: ${operation} ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "ObjectStorageUnavailableError";
  }
}

export function isObjectStorageUnavailable(error: unknown): error is ObjectStorageUnavailableError {
  return error instanceof ObjectStorageUnavailableError;
}

/** Keys are made by the app from checked parts; this refuses anything that could leave the root. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split("/").some((part) => /^\.+$/.test(part))) {
    throw new Error(`not an object key: ${JSON.stringify(key)}`);
  }
  return key;
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Files under a directory: the default, a single instance's disk. */
class DirectoryStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  async read(key: string): Promise<Buffer | null> {
    const path = join(this.root, checkedKey(key));
    try {
      return await readFile(path);
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw new ObjectStorageUnavailableError("read", key, error);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const path = join(this.root, checkedKey(key));
    let size: number;
    try {
      const stats = await stat(path);
      if (!stats.isFile()) return null;
      size = stats.size;
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw new ObjectStorageUnavailableError("read", key, error);
    }
    // Files are replaced by rename, never rewritten: the stream reads the file that was stat'ed.
    return { body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>, size };
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const path = join(this.root, checkedKey(key));
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      throw new ObjectStorageUnavailableError("write", key, error);
    }
  }

  /** Every stored key (temporary files of unfinished writes left out). */
  async keys(): Promise<string[]> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
      if (isMissingFile(error)) return [];
      throw error;
    });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join("/"))
      .sort();
  }
}

/**
 * Bounds that keep a page or an upload from hanging on a store that does not answer: two attempts
 * of at most 10 s each until the store's answer begins (an 8 MB photo needs 0.8 MB/s to it).
 */
const CONNECTION_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
const ATTEMPTS = 2;

/** An S3-compatible bucket through the AWS SDK: AWS S3, MinIO, Ceph, Garage, R2, and the like. */
class BucketStorage implements ObjectStorage {
  private readonly client: S3Client;
  readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default checksums (CRC32 on every upload and download) are refused or mishandled by
      // several S3-compatible stores: only where the operation requires one, as before SDK 3.729.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: ATTEMPTS,
      requestHandler: {
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (!object) return null;
    try {
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      throw new ObjectStorageUnavailableError("read", key, error);
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const object = await this.get(key);
    if (!object) return null;
    return { body: object.Body!.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType }),
      );
    } catch (error) {
      throw new ObjectStorageUnavailableError("write", key, error);
    }
  }

  /** The stored object's size; null when there is none (used by the copy into the bucket). */
  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw new ObjectStorageUnavailableError("read", key, error);
    }
  }

  private async get(key: string) {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
    } catch (error) {
      // NoSuchKey only: a missing bucket (NoSuchBucket) is the store's failure, not a missing photo.
      if (error instanceof S3ServiceException && error.name === "NoSuchKey") return null;
      throw new ObjectStorageUnavailableError("read", key, error);
    }
  }
}

let storage: ObjectStorage | undefined;

/** The storage the configuration names: the bucket when S3_* are set, else UPLOAD_DIR. */
export function objectStorage(): ObjectStorage {
  storage ??= env().S3 ? new BucketStorage(env().S3!) : new DirectoryStorage(env().UPLOAD_DIR);
  return storage;
}

/** Where photos are kept, for the start-up log line: "s3://bucket at endpoint" or the directory. */
export function objectStorageLocation(): string {
  const config = env().S3;
  return config ? `s3://${config.bucket} at ${config.endpoint}` : env().UPLOAD_DIR;
}

export interface CopyCounts {
  copied: number;
  /** already in the bucket with the same size (a second run copies nothing) */
  present: number;
}

/**
 * `npm run photos:to-s3`: copies every file of UPLOAD_DIR into the configured bucket under the
 * same key, skipping those already there with the same size; running it again is harmless.
 */
export async function copyUploadsToBucket(onProgress?: (counts: CopyCounts) => void): Promise<CopyCounts> {
  const config = env().S3;
  if (!config) throw new Error("Set S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY first.");
  const source = new DirectoryStorage(env().UPLOAD_DIR);
  const bucket = new BucketStorage(config);
  const counts: CopyCounts = { copied: 0, present: 0 };
  for (const key of await source.keys()) {
    const bytes = await source.read(key);
    if (!bytes) continue; // removed since it was listed
    if ((await bucket.size(key)) === bytes.byteLength) counts.present += 1;
    else {
      await bucket.write(key, bytes, key.endsWith(".webp") ? "image/webp" : "application/octet-stream");
      counts.copied += 1;
    }
    onProgress?.(counts);
  }
  return counts;
}
