// What a Lighthouse run's trace says about the main thread, in CPU time rather than wall time.
//
// Lighthouse's total blocking time is simulated from the wall time of each task of its trace
// (times 4, its phone's slowdown, minus 50 ms). On a machine shared with other work, a task's wall
// time is mostly waiting for a core: at a load average of 20 on 2 cores the same page measured
// 900–4,000 ms. Each trace event also carries the thread's CPU time (`tdur`), which other processes
// hardly change; the same sum over CPU time is what an idle machine would show, and what a change to
// the page's own work moves (docs/performance.md).

/** The renderer's main thread and its tasks, the observed first and largest contentful paints. */
export function traceFigures(trace) {
  const events = trace.traceEvents;
  const fcp = events.find((event) => event.name === "firstContentfulPaint");
  if (!fcp) return null;
  const main = events.find(
    (event) => event.name === "thread_name" && event.args?.name === "CrRendererMain" && event.pid === fcp.pid,
  );
  const start =
    events.find((event) => event.name === "navigationStart" && event.pid === fcp.pid && event.args?.data?.isLoadingMainFrame) ??
    fcp;
  const lcp = events.filter((event) => event.name === "largestContentfulPaint::Candidate" && event.pid === fcp.pid).at(-1);
  let blockingMs = 0;
  const longTasksMs = [];
  for (const task of events) {
    if (task.name !== "RunTask" || task.ph !== "X" || task.pid !== fcp.pid || task.tid !== main?.tid || task.ts < fcp.ts)
      continue;
    const cpuMs = (task.tdur ?? task.dur) / 1000;
    if (4 * cpuMs <= 50) continue;
    blockingMs += 4 * cpuMs - 50;
    longTasksMs.push(Math.round(cpuMs));
  }
  return {
    // Total blocking time as Lighthouse sums it (tasks after the first paint, times 4, less 50 ms), of CPU time.
    cpuBlockingMs: Math.round(blockingMs),
    longTasksMs,
    observedFcpMs: Math.round((fcp.ts - start.ts) / 1000),
    observedLcpMs: lcp ? Math.round((lcp.ts - start.ts) / 1000) : null,
  };
}
