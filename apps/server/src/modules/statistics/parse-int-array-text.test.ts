import { describe, expect, it } from 'vitest';
import { parseIntArrayText } from './get-statistics-report';

describe('parseIntArrayText', () => {
  it('reads an integer array’s text form in order, the empty one too', () => {
    expect(Array.from(parseIntArrayText('{60,120,3600}'))).toEqual([60, 120, 3600]);
    expect(Array.from(parseIntArrayText('{0}'))).toEqual([0]);
    expect(Array.from(parseIntArrayText('{-5,2147483647}'))).toEqual([-5, 2147483647]);
    expect(parseIntArrayText('{}')).toHaveLength(0);
  });

  it('refuses what is not such an array', () => {
    for (const text of ['', '60,120', '{60,,120}', '{60,NULL}', '{{1,2}}', '{1.5}', '{1,}'])
      expect(() => parseIntArrayText(text), text).toThrow(RangeError);
  });
});
