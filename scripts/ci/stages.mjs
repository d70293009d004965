#!/usr/bin/env node
// Runs named stages, each an npm script, and prints how long each took against its time budget
// (seconds) at the end, also when a stage fails. The budgets keep CI under 35 minutes as modules
// arrive (docs/architecture.md, "CI and its time budgets"): a stage past its budget is reported,
// so the module that grew is found, but does not fail the run (these 2-core machines are noisy).
// Exits with the first failing stage's code.
//
// usage: node scripts/ci/stages.mjs <group> ...
//   a group is <npm-script>=<budget-seconds>, or several joined by '+' to run side by side:
//   `test:e2e=900+test:server:pg=600` runs the end-to-end journeys (a browser and a server that
//   mostly wait) beside the PostgreSQL tests. The first stage of a group writes to the terminal
//   as it goes; the others' output is held and printed whole when each ends, so logs never mix.
import { spawn } from 'node:child_process';

const groups = process.argv.slice(2).map((arg) =>
  arg.split('+').map((part) => {
    const [script, budget] = part.split('=');
    return { script, budget: Number(budget) };
  }),
);

/** Runs one npm script; resolves with its exit code and seconds taken. */
function run({ script }, live) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const held = [];
    if (!live) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('close', (code, signal) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (!live) {
        process.stdout.write(`\n::: ${script} (ran beside the stage above)\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const begun = process.hrtime.bigint();
const results = [];
let exitCode = 0;
for (const group of groups) {
  const outcomes = await Promise.all(group.map((stage, i) => run(stage, i === 0)));
  group.forEach((stage, i) => results.push({ ...stage, ...outcomes[i], parallel: group.length > 1 }));
  const failed = outcomes.find((o) => o.code !== 0);
  if (failed) {
    exitCode = failed.code;
    break;
  }
}

const pad = (text, width) => String(text).padEnd(width);
console.log('\nstage                 time (s)  budget (s)');
for (const { script, budget, seconds, code, parallel } of results) {
  const note = code !== 0 ? '  FAILED' : seconds > budget ? '  over budget' : '';
  const name = parallel ? `${script} ∥` : script;
  console.log(`${pad(name, 22)}${pad(seconds.toFixed(0), 10)}${pad(budget, 10)}${note}`);
}
const wall = Number(process.hrtime.bigint() - begun) / 1e9;
console.log(`${pad('total (wall clock)', 22)}${wall.toFixed(0)}`);
console.log('(∥: ran side by side with the other stages so marked)');
process.exit(exitCode);
