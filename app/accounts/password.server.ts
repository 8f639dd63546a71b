// Password hashing on a small pool of worker threads (piscina): at most BCRYPT_THREADS hashes run
// at once and BCRYPT_QUEUE wait; beyond that a caller gets PasswordBusyError at once, so one client
// cannot queue up minutes of CPU time. The worker is server/password-worker.mjs at the project root.
import Piscina from "piscina";
import { env } from "~/platform/env.server";

export class PasswordBusyError extends Error {
  readonly retryAfterSeconds = 2;
  constructor() {
    super("The server is busy. Please try again in a moment.");
  }
}

// From this file in app/accounts/ (tests, development) two levels up; from the server build in build/ one.
const WORKER = new URL(
  import.meta.url.endsWith("/app/accounts/password.server.ts")
    ? "../../server/password-worker.mjs"
    : "../server/password-worker.mjs",
  import.meta.url,
);

let pool: Piscina | undefined;

function passwordPool(): Piscina {
  const config = env();
  pool ??= new Piscina({
    filename: WORKER.href,
    minThreads: 0,
    maxThreads: config.BCRYPT_THREADS,
    maxQueue: config.BCRYPT_QUEUE,
    idleTimeout: 60_000,
  });
  return pool;
}

async function run<T>(task: { password: string; hash?: string; cost?: number }): Promise<T> {
  try {
    return (await passwordPool().run(task)) as T;
  } catch (error) {
    if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new PasswordBusyError();
    throw error;
  }
}

export function hashPassword(password: string): Promise<string> {
  return run<string>({ password, cost: env().BCRYPT_COST });
}

// A real hash to compare against when the email is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;

/** Compares a password with a stored hash, or with a dummy hash when there is none. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("not a password of anyone").catch((error) => {
      dummyHash = undefined;
      throw error;
    });
    await run<boolean>({ password, hash: await dummyHash });
    return false;
  }
  return run<boolean>({ password, hash });
}
