// Preloaded into the benchmarked server (`node --import ./scripts/bench/eld-probe.mjs …`):
// measures the server's event-loop delay (monitorEventLoopDelay, 1 ms resolution) and its CPU
// time over windows the benchmark chooses, without any code in the server.
// Each SIGUSR2 writes `{ eldP50Ms, eldP99Ms, eldMaxMs, cpuMs }` for the time since the
// previous SIGUSR2 (or the start) to $BENCH_ELD_FILE, then starts a new window.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_ELD_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  let cpuAtStart = process.cpuUsage();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    const cpu = process.cpuUsage(cpuAtStart);
    const stats = { eldP50Ms: ms(h.percentile(50)), eldP99Ms: ms(h.percentile(99)), eldMaxMs: ms(h.max), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
    writeFileSync(file, JSON.stringify(stats));
    h.reset();
    cpuAtStart = process.cpuUsage();
  });
}
