import { describe, expect, it } from 'vitest';
import { applyMessageToMessages, flattenMessages, lastSeq, mergeIntoMessages } from './message-cache';
import { buildMessage, messagesData } from './test-fixtures';

const conversationId = 'conv';
const msg = (seq: number, extra = {}) => buildMessage({ conversationId, seq, ...extra });

describe('open conversation messages and realtime events', () => {
  const older = [msg(1), msg(2)];
  const newest = [msg(3), msg(4)];

  it('appends a message:created to the newest page', () => {
    const data = messagesData([newest, older]);
    const created = msg(5, { body: 'Allô' });
    const next = applyMessageToMessages(data, created);
    expect(flattenMessages(next).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(next!.pages[0]!.items.at(-1)!.body).toBe('Allô');
    expect(lastSeq(next)).toBe(5);
  });

  it('catches up from before the first hole, not from the highest seq held (a lost event)', () => {
    const data = messagesData([[msg(3), msg(4), msg(6), msg(7)]], true);
    expect(lastSeq(data)).toBe(4);
    expect(lastSeq(mergeIntoMessages(data, [msg(5)]))).toBe(7);
    expect(lastSeq(undefined)).toBe(0);
  });

  it('does not duplicate a message received twice (event and API answer)', () => {
    const created = msg(5);
    const once = applyMessageToMessages(messagesData([newest]), created);
    expect(applyMessageToMessages(once, created)).toBe(once);
  });

  it('updates a message status in an older page only when the version is newer', () => {
    const data = messagesData([newest, older]);
    const delivered = { ...older[0]!, status: 'delivered' as const, version: 2 };
    const next = applyMessageToMessages(data, delivered);
    expect(next!.pages[1]!.items[0]!.status).toBe('delivered');
    expect(applyMessageToMessages(next, { ...delivered, status: 'sent', version: 1 })).toBe(next);
  });

  it('leaves out a message older than anything loaded when older pages remain', () => {
    const data = messagesData([newest], true);
    expect(applyMessageToMessages(data, msg(1))).toBe(data);
  });

  it('merges a catch-up answer', () => {
    const next = mergeIntoMessages(messagesData([newest]), [msg(5), msg(6)]);
    expect(flattenMessages(next).map((m) => m.seq)).toEqual([3, 4, 5, 6]);
  });
});
