// The one logger of the server process, shared by server/start.mjs (through the build's entry
// module) and the app: a JSON line per event on standard output, with a textual level so that
// `"level":"error"` can be searched for, and the time.
import pino from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

// LOG_LEVEL, read here (the logger exists before the configuration is validated); env.server.ts
// validates it and refuses to start with another value, so an unknown one is never silently info.
const level = (LOG_LEVELS as readonly string[]).includes(process.env.LOG_LEVEL ?? "")
  ? (process.env.LOG_LEVEL as LogLevel)
  : "info";

export const logger = pino({
  level,
  // One process per container: its pid and host name say nothing.
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
