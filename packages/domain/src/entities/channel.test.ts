import { describe, expect, it } from 'vitest';
import { addressKindOf, CHANNELS, messageTypeOf } from './channel';

describe('channels', () => {
  it('reaches a phone by sms and voice, a mailbox by email', () => {
    expect(CHANNELS.map(addressKindOf)).toEqual(['phone', 'phone', 'email']);
  });

  it("gives the spec's message type: email for an e-mail, text for the rest", () => {
    expect(CHANNELS.map(messageTypeOf)).toEqual(['text', 'text', 'email']);
  });
});
