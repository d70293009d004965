import { pino } from 'pino';

/** One pino JSON log line: `msg`, `level` (30 info, 50 error) and the line's fields. */
export type LogLine = { msg: string; level: number } & Record<string, unknown>;

/**
 * Log lines kept in memory for assertions. `stream` goes in a pino or Fastify logger's options
 * (`buildApp(config, { logger: { level: 'info', stream } })`); `logger` is a pino logger on it.
 */
export type LogCapture = {
  lines: LogLine[];
  stream: { write: (line: string) => void };
  logger: pino.Logger;
  /**
   * Resolves with the first line (already written or to come) that `match` accepts.
   * @throws Error after `timeoutMs` (default 10 s), with the lines seen.
   */
  waitFor: (match: (line: LogLine) => boolean, timeoutMs?: number) => Promise<LogLine>;
};

/** A new in-memory log at `level` (default info). */
export function captureLogs(level: pino.Level = 'info'): LogCapture {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const waitFor = async (match: (line: LogLine) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(
          `no matching log line in ${timeoutMs} ms; lines:\n${lines.map((l) => JSON.stringify(l)).join('\n')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { lines, stream, logger: pino({ level }, stream), waitFor };
}
