import { readFileSync } from 'node:fs';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';

/**
 * docs/api.md "The spec's calls" tells which calls of the spec's §7 tables the server answers at
 * the spec's path: each row marked answered (or added) names a route the app has registered, with
 * the spec's method, and the count in the text is the rows'. A row whose route is removed, or a
 * count left stale, fails here.
 */
const t = useTestApp();

type Row = { n: number; call: string; at: string; status: string };

function specCallRows(): { text: string; rows: Row[] } {
  const text = readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
  const start = text.indexOf("## The spec's calls");
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const rows = section
    .split('\n')
    .filter((line) => /^\| \d+ /.test(line))
    .map((line) => {
      const [n, call, at, status] = line
        .split('|')
        .slice(1, 5)
        .map((cell) => cell.trim());
      return { n: Number(n), call: call!, at: at!, status: status! };
    });
  return { text: section, rows };
}

const answers = (row: Row) => /^(answered|added)\b/.test(row.status);

describe("the spec's calls (docs/api.md)", () => {
  it('numbers every row once, and states the count of answered rows', () => {
    const { text, rows } = specCallRows();
    expect(rows.map((row) => row.n)).toEqual(rows.map((_, i) => i + 1));
    const answered = rows.filter(answers).length;
    expect(text).toContain(`**${answered} of ${rows.length} answer at the spec's path**`);
    expect(text).toContain(`Of the ${rows.length - answered} others`);
  });

  it("answers every row marked answered at its path, with the spec's method", () => {
    const { rows } = specCallRows();
    const answered = rows.filter(answers);
    expect(answered.length).toBeGreaterThan(0);
    for (const row of answered) {
      const method = row.call.split(' ')[0] as HTTPMethods;
      const url = row.at.split(' ')[0]!;
      expect(url, `row ${row.n}`).toMatch(/^\/api\//);
      expect(t.app.hasRoute({ method, url }), `row ${row.n}: ${method} ${url}`).toBe(true);
    }
    for (const row of rows.filter((r) => !answers(r))) expect(row.at, `row ${row.n}`).toBe('—');
  });
});
