// Preloaded into a benchmarked server (`node --expose-gc --import ./scripts/bench/server-probe.mjs …`)
// by the realtime benchmarks (fan-out, density): event-loop delay (monitorEventLoopDelay, 1 ms
// resolution), CPU time and memory over windows the benchmark chooses, with no code in the server.
// Each SIGUSR2 writes to $BENCH_PROBE_FILE, for the time since the previous SIGUSR2 (or the start):
//   { eldP50Ms, eldP99Ms, eldMaxMs, cpuMs, rssBytes, heapUsedBytes, heapTotalBytes, externalBytes, arrayBuffersBytes }
// Memory is read after a full garbage collection when the server runs with --expose-gc, so two
// readings differ by what is live, not by garbage waiting to be collected.
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  let cpuAtStart = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage(cpuAtStart);
    const stats = {
      eldP50Ms: ms(h.percentile(50)),
      eldP99Ms: ms(h.percentile(99)),
      eldMaxMs: ms(h.max),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
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
    }, 5);
  });
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
