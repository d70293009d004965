import { describe, expect, it } from 'vitest';
import { CALL_PHASES, callPhaseNumber, callPhaseOfNumber } from './constants';

describe("call phases' spec numbers", () => {
  it('are the numbers the API has always sent: initiated 1 … ended 8', () => {
    expect(CALL_PHASES.map((phase) => [phase, callPhaseNumber(phase)])).toEqual([
      ['initiated', 1],
      ['ringing', 2],
      ['in-progress', 3],
      ['queued', 4],
      ['parked', 5],
      ['hold', 6],
      ['completed', 7],
      ['ended', 8],
    ]);
  });

  it('read back as the same phase', () => {
    for (const phase of CALL_PHASES) expect(callPhaseOfNumber(callPhaseNumber(phase))).toBe(phase);
  });

  it('refuse a number no phase has', () => {
    for (const stray of [0, 9, -1, 2.5, Number.NaN])
      expect(() => callPhaseOfNumber(stray)).toThrow(`No call phase has the number ${stray}`);
  });
});
