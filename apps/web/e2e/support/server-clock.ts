import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The clock of the journeys' "clock" server (playwright.config.ts), moved forward by the journeys
 * that would otherwise wait for it — a scheduled text leaves at its minute, at least 5 minutes
 * ahead (docs/behaviour/scheduled-messages.md). The server runs under Debian's libfaketime
 * (`LD_PRELOAD`), which reads the offset of the wall clock from a file again every second;
 * the monotonic clock is left alone, so the server's timers, pg-boss's polling and the sockets'
 * heartbeats keep real time, and only what reads the date (Date.now, PGlite's now()) jumps.
 */
export const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/**
 * The offset file of this run, named once by Playwright's main process (the workers inherit it
 * through the environment, so a worker that starts again does not reset the clock), and written
 * `+0` then: the server starts on real time.
 */
export function serverClockFile(): string {
  if (!process.env.E2E_CLOCK_FILE) {
    process.env.E2E_CLOCK_FILE = join(tmpdir(), `accueil-e2e-clock-${process.pid}-${Date.now()}`);
    writeFileSync(process.env.E2E_CLOCK_FILE, '+0\n');
  }
  return process.env.E2E_CLOCK_FILE;
}

/** The settings that start a server under libfaketime reading `file` (libfaketime's own variables). */
export function fakeTimeEnv(file: string): Record<string, string> {
  return {
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME_TIMESTAMP_FILE: file,
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

/**
 * Moves the clock server's wall clock to `seconds` ahead of real time (it never goes back: a
 * later journey on that server sees the time it left). The server sees it within about a second.
 * @throws when libfaketime is not installed (`apt-get install libfaketime`; `.ci/run` installs it)
 *   or the run has no clock file: without them the server would silently keep real time.
 */
export function setServerClockAhead(seconds: number): void {
  const file = process.env.E2E_CLOCK_FILE;
  if (!existsSync(LIBFAKETIME)) throw new Error(`${LIBFAKETIME} is missing: apt-get install libfaketime`);
  if (!file) throw new Error('E2E_CLOCK_FILE is not set: run the journey through playwright.config.ts');
  writeFileSync(file, `+${Math.ceil(seconds)}\n`);
}
