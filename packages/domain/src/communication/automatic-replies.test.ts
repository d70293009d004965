import { describe, expect, it } from 'vitest';
import { MESSAGE_BODY_MAX_CHARS } from '../constants';
import {
  AUTOMATIC_REPLY_KINDS,
  AUTOMATIC_REPLY_MIN_INTERVAL_MS,
  applicableAutomaticReply,
  automaticReplyIdParamsSchema,
  automaticReplyKindFor,
  automaticReplySchema,
  putAutomaticReplyRequestSchema,
} from './automatic-replies';

const TEAM = '11111111-1111-4111-8111-111111111111';
const OTHER_TEAM = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';

describe('automaticReplyKindFor', () => {
  it('answers a vacation with the vacation text, for a call or a text', () => {
    expect(automaticReplyKindFor('missed-call', 'VACATION')).toBe('vacation');
    expect(automaticReplyKindFor('inbound-text', 'VACATION')).toBe('vacation');
  });

  it('answers a missed call with the missed-call text whatever the hours', () => {
    expect(automaticReplyKindFor('missed-call', 'OPEN')).toBe('missed-call');
    expect(automaticReplyKindFor('missed-call', 'CLOSE')).toBe('missed-call');
    expect(automaticReplyKindFor('missed-call', 'BREAK')).toBe('missed-call');
  });

  it('answers a text with the missed-SMS text only when closed or on a break', () => {
    expect(automaticReplyKindFor('inbound-text', 'CLOSE')).toBe('missed-sms');
    expect(automaticReplyKindFor('inbound-text', 'BREAK')).toBe('missed-sms');
    expect(automaticReplyKindFor('inbound-text', 'OPEN')).toBeNull();
  });
});

describe('applicableAutomaticReply', () => {
  const org = { teamId: null, kind: 'missed-call', enabled: true, body: 'org' };
  const team = { teamId: TEAM, kind: 'missed-call', enabled: true, body: 'team' };
  const otherTeam = { teamId: OTHER_TEAM, kind: 'missed-call', enabled: true, body: 'other team' };
  const orgSms = { teamId: null, kind: 'missed-sms', enabled: true, body: 'org sms' };
  const teamSms = { teamId: TEAM, kind: 'missed-sms', enabled: true, body: 'team sms' };

  it("prefers the team's own setting over the organisation's, whatever the order", () => {
    expect(applicableAutomaticReply([org, team], TEAM, 'missed-call')).toBe(team);
    expect(applicableAutomaticReply([team, org], TEAM, 'missed-call')).toBe(team);
  });

  it("falls back on the organisation's when the team has none of that kind", () => {
    expect(applicableAutomaticReply([teamSms, otherTeam, org], TEAM, 'missed-call')).toBe(org);
    expect(applicableAutomaticReply([otherTeam, org], TEAM, 'missed-call')).toBe(org);
  });

  it('only takes a setting of the asked kind', () => {
    expect(applicableAutomaticReply([teamSms, orgSms, org], TEAM, 'missed-call')).toBe(org);
    expect(applicableAutomaticReply([team, org, orgSms], TEAM, 'missed-sms')).toBe(orgSms);
    expect(applicableAutomaticReply([team, org], TEAM, 'vacation')).toBeNull();
  });

  it('gives none when the applicable setting is turned off, even if the organisation has one on', () => {
    expect(applicableAutomaticReply([org, { ...team, enabled: false }], TEAM, 'missed-call')).toBeNull();
    expect(applicableAutomaticReply([{ ...org, enabled: false }], TEAM, 'missed-call')).toBeNull();
  });

  it('gives none when nothing exists', () => {
    expect(applicableAutomaticReply([], TEAM, 'missed-call')).toBeNull();
    expect(applicableAutomaticReply([otherTeam], TEAM, 'missed-call')).toBeNull();
  });
});

describe('automatic reply constants and schemas', () => {
  it('knows the three kinds and waits 15 minutes between replies to a contact', () => {
    expect(AUTOMATIC_REPLY_KINDS).toEqual(['missed-call', 'missed-sms', 'vacation']);
    expect(AUTOMATIC_REPLY_MIN_INTERVAL_MS).toBe(900_000);
  });

  it('reads a stored setting', () => {
    const setting = {
      id: ID,
      teamId: null,
      kind: 'vacation',
      enabled: false,
      body: '',
      updatedAt: '2026-03-01T12:00:00Z',
    };
    expect(automaticReplySchema.parse(setting)).toEqual(setting);
    expect(automaticReplySchema.safeParse({ ...setting, kind: 'other' }).success).toBe(false);
    expect(automaticReplySchema.safeParse({ ...setting, updatedAt: 'yesterday' }).success).toBe(false);
  });

  it('accepts a PUT with a trimmed body and refuses an empty, too long or unknown field', () => {
    const put = { teamId: TEAM, kind: 'missed-sms', enabled: true, body: '  Nous rappelons.  ' };
    expect(putAutomaticReplyRequestSchema.parse(put)).toEqual({ ...put, body: 'Nous rappelons.' });
    expect(
      putAutomaticReplyRequestSchema.parse({ ...put, body: 'x'.repeat(MESSAGE_BODY_MAX_CHARS) }).body,
    ).toHaveLength(MESSAGE_BODY_MAX_CHARS);
    const empty = putAutomaticReplyRequestSchema.safeParse({ ...put, body: '   ' });
    expect(empty.error?.issues[0]?.message).toBe('required');
    const long = putAutomaticReplyRequestSchema.safeParse({
      ...put,
      body: 'x'.repeat(MESSAGE_BODY_MAX_CHARS + 1),
    });
    expect(long.error?.issues[0]?.message).toBe('max-length');
    expect(putAutomaticReplyRequestSchema.safeParse({ ...put, extra: 1 }).success).toBe(false);
  });

  it('takes a uuid as the :id of a setting', () => {
    expect(automaticReplyIdParamsSchema.parse({ id: ID })).toEqual({ id: ID });
    expect(automaticReplyIdParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
  });
});
