import { describe, expect, it } from 'vitest';
import type { PendingMessage } from './message-bubble';
import { pendingStillShown } from './pending-shown';
import { buildMessage } from './test-fixtures';

const pending = (
  body: string,
  status: PendingMessage['status'] = 'sending',
  createdAt = '2026-11-24T10:00:00.000Z',
): PendingMessage => ({
  localId: `local-${body}-${status}`,
  idempotencyKey: 'k',
  body,
  status,
  createdAt,
});

describe('optimistic bubbles while the realtime copy arrives first', () => {
  it('hides a sending bubble once its text is in the list, so it never shows twice', () => {
    const sent = buildMessage({
      direction: 'outbound',
      body: 'Bonjour',
      createdAt: '2026-11-24T10:00:01.000Z',
    });
    expect(pendingStillShown([pending('Bonjour')], [sent])).toEqual([]);
  });

  it('keeps bubbles whose text is not there: another body, an inbound text, an older copy', () => {
    const inbound = buildMessage({
      direction: 'inbound',
      body: 'Bonjour',
      createdAt: '2026-11-24T10:00:01.000Z',
    });
    const other = buildMessage({
      direction: 'outbound',
      body: 'Au revoir',
      createdAt: '2026-11-24T10:00:01.000Z',
    });
    const older = buildMessage({
      direction: 'outbound',
      body: 'Bonjour',
      createdAt: '2026-11-24T09:00:00.000Z',
    });
    expect(pendingStillShown([pending('Bonjour')], [inbound, other, older])).toHaveLength(1);
  });

  it('lets one stored text stand for one bubble only (the same text sent twice shows twice)', () => {
    const a = pending('Oui', 'sending', '2026-11-24T10:00:00.000Z');
    const b = { ...pending('Oui', 'sending', '2026-11-24T10:00:02.000Z'), localId: 'second' };
    const one = buildMessage({ direction: 'outbound', body: 'Oui', createdAt: '2026-11-24T10:00:01.000Z' });
    expect(pendingStillShown([a, b], [one]).map((p) => p.localId)).toEqual(['second']);
  });

  it('always shows a failed bubble, which offers retry', () => {
    const sent = buildMessage({
      direction: 'outbound',
      body: 'Bonjour',
      createdAt: '2026-11-24T10:00:01.000Z',
    });
    expect(pendingStillShown([pending('Bonjour', 'failed')], [sent])).toHaveLength(1);
  });
});
