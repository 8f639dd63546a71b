// Preloaded into the server by bench/profile.mjs (`node --import`): records a CPU profile between
// a "profile:start" and a "profile:stop" message on the IPC channel (the V8 inspector's sampling
// profiler), so that a profile holds the load of one route and not the start-up or the fixture.
// It changes no behaviour of the app.
import { Session } from "node:inspector/promises";
import { isMainThread } from "node:worker_threads";

// The main thread only (the password workers are threads of their own).
const session = isMainThread ? new Session() : null;
session?.connect();
await session?.post("Profiler.enable");
await session?.post("Profiler.setSamplingInterval", { interval: 200 });

process.on("message", async (message) => {
  if (!session) return;
  if (message?.type === "profile:start") {
    await session.post("Profiler.start");
    process.send?.({ type: "profile:started", id: message.id });
  } else if (message?.type === "profile:stop") {
    const { profile } = await session.post("Profiler.stop");
    process.send?.({ type: "profile:stopped", id: message.id, profile: JSON.stringify(profile) });
  }
});
// The IPC channel must not keep the server alive after SIGTERM.
process.channel?.unref();
