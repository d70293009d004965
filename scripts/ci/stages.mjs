#!/usr/bin/env node
// Runs named stages one after another, each an npm script, and prints how long each took
// against its time budget (seconds) at the end, also when a stage fails. The budgets keep CI
// under 35 minutes as modules arrive (docs/architecture.md, "CI and its time budgets"): a
// stage past its budget is reported, so the module that grew is found, but does not fail the run
// (these 2-core machines are noisy). Exits with the first failing stage's code.
//
// usage: node scripts/ci/stages.mjs <npm-script>=<budget-seconds> ...
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2).map((arg) => {
  const [script, budget] = arg.split('=');
  return { script, budget: Number(budget) };
});
const results = [];
let exitCode = 0;
for (const { script, budget } of stages) {
  const started = process.hrtime.bigint();
  const run = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const code = run.status ?? 1;
  results.push({ script, budget, seconds, code });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}

const pad = (text, width) => String(text).padEnd(width);
console.log('\nstage                 time (s)  budget (s)');
for (const { script, budget, seconds, code } of results) {
  const note = code !== 0 ? '  FAILED' : seconds > budget ? '  over budget' : '';
  console.log(`${pad(script, 22)}${pad(seconds.toFixed(0), 10)}${pad(budget, 10)}${note}`);
}
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`${pad('total', 22)}${total.toFixed(0)}`);
process.exit(exitCode);
