// The one logger of the server process, shared by server/start.mjs (through the build's entry
// module) and the app: a JSON line per event on standard output, with a textual level so that
// `"level":"error"` can be searched for, and the time.
import pino from "pino";

export const logger = pino({
  // One process per container: its pid and host name say nothing.
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
