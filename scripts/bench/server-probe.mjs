// Preloaded into a benchmarked server (`node --expose-gc --import ./scripts/bench/server-probe.mjs …`)
// by the realtime benchmarks (fan-out, density): event-loop delay (monitorEventLoopDelay, 1 ms
// resolution), CPU time and memory over windows the benchmark chooses, with no code in the server.
// Each SIGUSR2 writes to $BENCH_PROBE_FILE, for the time since the previous SIGUSR2 (or the start):
//   { eldP50Ms, eldP99Ms, eldMaxMs, cpuMs, gc: { count, totalMs, maxMs, over50Ms, byKind }, rssBytes,
//     heapUsedBytes, heapTotalBytes, externalBytes, arrayBuffersBytes }
// (gc: the garbage collections of the window, from a PerformanceObserver of 'gc' entries: the
// pauses a tail of latency may come from, by kind: minor, major, incremental, weakcb.)
// Memory is read after a full garbage collection when the server runs with --expose-gc, so two
// readings differ by what is live, not by garbage waiting to be collected.
import { readFileSync, writeFileSync } from 'node:fs';
import { constants as perfConstants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const GC_KINDS = {
    [perfConstants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  let gc = { count: 0, totalMs: 0, maxMs: 0, over50Ms: 0, byKind: {} };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[entry.detail?.kind] ?? 'other';
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      if (entry.duration > 50) gc.over50Ms += 1;
      const k = (gc.byKind[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      k.count += 1;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let cpuAtStart = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage(cpuAtStart);
    const stats = {
      eldP50Ms: ms(h.percentile(50)),
      eldP99Ms: ms(h.percentile(99)),
      eldMaxMs: ms(h.max),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      gc: roundGc(gc),
    };
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    const m = process.memoryUsage();
    Object.assign(stats, {
      rssBytes: m.rss,
      heapUsedBytes: m.heapUsed,
      heapTotalBytes: m.heapTotal,
      externalBytes: m.external,
      arrayBuffersBytes: m.arrayBuffers,
    });
    // Per V8 space: committed (size) and live (used) bytes, to tell live objects from kept pages.
    stats.spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((sp) => [
        sp.space_name,
        { sizeBytes: sp.space_size, usedBytes: sp.space_used_size },
      ]),
    );
    stats.residentKB = residentByKind();
    writeFileSync(file, JSON.stringify(stats));
    // The next window starts after the forced GC's pause has been seen by the delay monitor
    // (its timer runs first, being overdue), so the pause is not counted against the server.
    setTimeout(() => {
      h.reset();
      cpuAtStart = process.cpuUsage();
      gc = { count: 0, totalMs: 0, maxMs: 0, over50Ms: 0, byKind: {} };
    }, 5);
  });
}

/** The window's GC figures with milliseconds to one decimal. */
function roundGc(gc) {
  const r = (x) => Math.round(x * 10) / 10;
  return {
    count: gc.count,
    totalMs: r(gc.totalMs),
    maxMs: r(gc.maxMs),
    over50Ms: gc.over50Ms,
    byKind: Object.fromEntries(
      Object.entries(gc.byKind).map(([k, v]) => [
        k,
        { count: v.count, totalMs: r(v.totalMs), maxMs: r(v.maxMs) },
      ]),
    ),
  };
}

/** Resident memory (KB) by kind of mapping (/proc/self/smaps): malloc's [heap], anonymous maps, files. */
function residentByKind() {
  const out = { mallocHeap: 0, anonymous: 0, files: 0, other: 0 };
  let kind = 'other';
  try {
    for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
      const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (head) {
        const name = head[1];
        kind =
          name === '[heap]'
            ? 'mallocHeap'
            : name === ''
              ? 'anonymous'
              : name.startsWith('/')
                ? 'files'
                : 'other';
      } else if (line.startsWith('Rss:')) out[kind] += Number(line.split(/\s+/)[1]);
    }
  } catch {
    /* not Linux */
  }
  return out;
}
