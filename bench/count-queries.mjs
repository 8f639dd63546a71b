// Preloaded into the production server by bench/run.mjs (`node --import`): counts the SQL
// statements the app sends, at the driver level (node-postgres and PGlite), and answers the
// running total over the IPC channel. It changes no behaviour of the app. The bench reads the
// total before and after one request to a quiet server: queries per request.
// (Prisma's own query events would need a change in app/platform/db.server.ts; this needs none.)
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

let count = 0;

function counted(proto, name) {
  const original = proto[name];
  proto[name] = function (...args) {
    count += 1;
    return original.apply(this, args);
  };
}

// node-postgres: Pool#query delegates to Client#query, so counting the client counts each once.
counted(pg.Client.prototype, "query");

// PGlite: queries outside a transaction, and the ones inside through the transaction object.
counted(PGlite.prototype, "query");
counted(PGlite.prototype, "exec");
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (fn) {
  count += 2; // BEGIN and COMMIT/ROLLBACK
  return transaction.call(this, (tx) => {
    const wrapped = Object.create(tx);
    wrapped.query = (...args) => (count++, tx.query(...args));
    wrapped.exec = (...args) => (count++, tx.exec(...args));
    return fn(wrapped);
  });
};

process.on("message", (message) => {
  // With the process's CPU time so far (µs, user and system): bench/scale.mjs's CPU per request.
  if (message?.type === "bench:queries") {
    const cpu = process.cpuUsage();
    process.send?.({ type: "bench:queries", id: message.id, count, cpuMicros: cpu.user + cpu.system });
  }
});
// The IPC channel must not keep the server alive after SIGTERM.
process.channel?.unref();
