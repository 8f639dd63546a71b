// Preloaded into the server by bench/soak.mjs (`node --expose-gc --import`): answers the process's
// memory figures over the IPC channel, after a full garbage collection when asked. What the heap
// still holds after a full collection is what the app keeps; the rest of RSS is memory V8 or the
// allocator has not returned yet. It changes no behaviour of the app.
process.on("message", (message) => {
  if (message?.type !== "soak:memory") return;
  if (message.gc) globalThis.gc?.();
  const usage = process.memoryUsage();
  const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  process.send?.({
    type: "soak:memory",
    id: message.id,
    memory: { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), external: mb(usage.external) },
  });
});
// The IPC channel must not keep the server alive after SIGTERM.
process.channel?.unref();
