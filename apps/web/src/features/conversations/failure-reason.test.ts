import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureReason, type FailureReason } from './failure-reason';

describe('failureReason', () => {
  it.each<[string | null, FailureReason]>([
    ['30006', 'landline'],
    ['21614', 'landline'],
    ['30003', 'unreachable'],
    ['30005', 'unknown-number'],
    ['21211', 'invalid-number'],
    ['30004', 'blocked'],
    ['30007', 'spam'],
    ['21610', 'unsubscribed'],
    ['30008', 'unknown'],
    ['99999', 'unknown'],
    [null, 'unknown'],
  ])('carrier code %s reads as %s', (code, reason) => expect(failureReason(code)).toBe(reason));

  it.each(['fr-CA', 'en-CA', 'fr-FR'])('every reason has its words in %s', (locale) => {
    const file = join(import.meta.dirname, '..', '..', 'locales', locale, 'conversations.json');
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    const reasons: FailureReason[] = [
      'landline',
      'unreachable',
      'unknown-number',
      'invalid-number',
      'blocked',
      'spam',
      'unsubscribed',
      'region',
      'carrier',
      'unknown',
    ];
    for (const reason of reasons) expect(catalogue[`conversations.failure.${reason}`]?.trim()).toBeTruthy();
  });
});
