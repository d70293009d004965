import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The unit stage's longest files, measured on CI's kind of machine (docs/architecture.md, "CI
 * and its time budgets"): each several times the median file. Run first, they overlap the many
 * short files on the other worker instead of being left alone at the end. Paths end the test
 * files' module ids; a file renamed here only loses its head start.
 */
export const LONGEST_TEST_FILES = [
  'apps/server/src/http/hostile-input.test.ts', // ~250 s on a slow machine
  'apps/server/src/http/tenant-isolation.test.ts', // ~70 s; a small file, so Vitest put it last
  'apps/server/src/http/tenant-isolation-without-rls.test.ts', // ~60 s; likewise
  'apps/server/src/http/app.test.ts',
  'apps/server/src/carriers/voice/sandbox/sandbox-voice.test.ts',
  'apps/server/src/realtime/realtime-drops.test.ts',
];

/**
 * Vitest's order (its projects one after another; without a results cache, as in a clean
 * clone, larger files first), except that the files of `LONGEST_TEST_FILES` start first in
 * their project, longest first: a clean clone has no durations for Vitest to sort by, and the
 * tenant-isolation files, tiny wrappers of a long suite, came last, running side by side at the
 * end with nothing left for the other worker.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_TEST_FILES.findIndex((path) => spec.moduleId.endsWith(path));
      return i === -1 ? LONGEST_TEST_FILES.length : i;
    };
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    // Stable within a project: projects keep their order; only the listed files move up in theirs.
    return [...sorted].sort((a, b) => {
      if (a.project.name !== b.project.name) return position.get(a)! - position.get(b)!;
      return rank(a) - rank(b) || position.get(a)! - position.get(b)!;
    });
  }
}
