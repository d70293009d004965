import { describe, expect, it } from 'vitest';
import { catchUpAfterSeq } from './catch-up';

describe('catchUpAfterSeq', () => {
  it('is 0 when nothing is held', () => {
    expect(catchUpAfterSeq([])).toBe(0);
    expect(catchUpAfterSeq([], 1)).toBe(0);
  });

  it('is the highest seq when the held run has no hole', () => {
    expect(catchUpAfterSeq([1, 2, 3])).toBe(3);
    expect(catchUpAfterSeq([3, 1, 2, 2])).toBe(3);
  });

  it('stops before the first hole (an event lost between two others, or ahead of the catch-up)', () => {
    expect(catchUpAfterSeq([1, 2, 3, 4, 5, 6, 8, 9])).toBe(6);
    expect(catchUpAfterSeq([1, 3])).toBe(1);
  });

  it('starts at the lowest seq held by default (only the newest page was loaded)', () => {
    expect(catchUpAfterSeq([50, 51, 52, 54])).toBe(52);
  });

  it('starts at `from` when the client holds the conversation from its first message', () => {
    expect(catchUpAfterSeq([5, 6], 1)).toBe(0);
    expect(catchUpAfterSeq([1, 2, 5, 6], 1)).toBe(2);
    expect(catchUpAfterSeq([1, 2, 3], 1)).toBe(3);
  });
});
