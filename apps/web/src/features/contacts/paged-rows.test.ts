import { describe, expect, it } from 'vitest';
import { pagedRows } from './paged-rows';

const page = (from: number, n: number) => ({ items: Array.from({ length: n }, (_, i) => from + i) });

describe('pagedRows', () => {
  it('gives every row by its index across pages of different sizes, in order', () => {
    const rows = pagedRows([page(0, 3), page(3, 1), page(4, 0), page(4, 5)]);
    expect(rows.length).toBe(9);
    expect(Array.from({ length: 9 }, (_, i) => rows.at(i))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives undefined past the rows read, before the first, and for an index that is not whole', () => {
    const rows = pagedRows([page(0, 2), page(2, 2)]);
    expect([rows.at(4), rows.at(-1), rows.at(1.5)]).toEqual([undefined, undefined, undefined]);
    expect(pagedRows<number>([]).at(0)).toBeUndefined();
    expect(pagedRows<number>([]).length).toBe(0);
  });

  it('finds the rows of the last pages of a long list (200 pages of 500)', () => {
    const rows = pagedRows(Array.from({ length: 200 }, (_, p) => page(p * 500, 500)));
    expect(rows.length).toBe(100_000);
    for (const i of [0, 499, 500, 50_123, 99_500, 99_999]) expect(rows.at(i)).toBe(i);
  });
});
