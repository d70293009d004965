import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../entities/user';
import type { Actor, TierCode } from './actor';
import { ACTIONS, can, type Action } from './can';

const ORG = 'org-a';
const OTHER_ORG = 'org-b';
const TEAM = 'team-1';
const OTHER_TEAM = 'team-2';

const actor = (role: Role, over: Partial<Actor> = {}): Actor => ({
  userId: 'u-1',
  role,
  organizationId: ORG,
  teamId: TEAM,
  tier: null,
  ...over,
});

/** Roles allowed by a rule, for a subject of the actor's own organisation (and current team). */
const ADMINS: Role[] = ['admin', 'super-admin', 'devops'];
const EVERYONE: Role[] = [...ROLES];

type Case = { subject?: unknown; allowed: Role[]; note: string };
/** For every action: who may act on a subject of their own organisation, and who on another's. */
const EXPECTED: Record<Action, Case[]> = {
  'conversation.read': inboxCases(),
  'conversation.update': inboxCases(),
  'conversation.archive': inboxCases(),
  'conversation.assign': inboxCases(),
  'conversation.delete': inboxCases(ADMINS),
  'conversation.restore': orgCases(ADMINS),
  'message.send': inboxCases(),
  'note.create': inboxCases(),
  'conversation.create': [
    { subject: { id: TEAM, organizationId: ORG }, allowed: EVERYONE, note: 'current team' },
    { subject: { id: OTHER_TEAM, organizationId: ORG }, allowed: [], note: 'another team' },
    { subject: { id: TEAM, organizationId: OTHER_ORG }, allowed: [], note: 'another organisation' },
  ],
  'team.addMember': teamAdminCases(),
  'team.removeMember': teamAdminCases(),
  'team.manage': orgCases(ADMINS),
  'user.manage': orgCases(ADMINS, { id: 'u-2' }),
  'user.assignRole': [
    { subject: { organizationId: ORG, role: 'user' }, allowed: ADMINS, note: 'user, in their organisation' },
    {
      subject: { organizationId: ORG, role: 'admin' },
      allowed: ADMINS,
      note: 'admin, in their organisation',
    },
    {
      subject: { organizationId: ORG, role: 'marketing' },
      allowed: ADMINS,
      note: 'marketing, in their organisation',
    },
    {
      subject: { organizationId: ORG, role: 'super-admin' },
      allowed: ['super-admin', 'devops'],
      note: 'super-admin, in their organisation',
    },
    {
      subject: { organizationId: ORG, role: 'devops' },
      allowed: ['devops'],
      note: 'devops, in their organisation',
    },
    { subject: { organizationId: OTHER_ORG, role: 'user' }, allowed: [], note: 'another organisation' },
  ],
  'team.switch': orgCases(EVERYONE),
  'user.forceDisconnect': orgCases(ADMINS, { id: 'u-2' }),
  'user.invite': orgCases(ADMINS, { id: 'u-2' }),
  'automation.edit': orgCases(ADMINS),
  'configuration.edit': orgCases(ADMINS),
  'login.bypassRestrictions': orgCases(ADMINS),
  'organization.impersonate': [{ allowed: ['devops'], note: 'no subject' }],
  'invitationCode.manage': [{ allowed: ['devops'], note: 'no subject' }],
  'serviceStatus.manage': [{ allowed: ['devops'], note: 'no subject' }],
  'operations.manage': [{ allowed: ['devops'], note: 'no subject' }],
  'post.read': [
    {
      subject: { organizationId: ORG, draft: false },
      allowed: EVERYONE,
      note: 'published post of their organisation',
    },
    {
      subject: { organizationId: ORG, draft: true },
      allowed: ['marketing', 'devops'],
      note: 'draft of their organisation',
    },
    {
      subject: { organizationId: OTHER_ORG, draft: false },
      allowed: ['marketing', 'devops'],
      note: "another organisation's post",
    },
    {
      subject: { organizationId: OTHER_ORG, draft: true },
      allowed: ['marketing', 'devops'],
      note: "another organisation's draft",
    },
  ],
  'post.write': [{ allowed: ['marketing', 'devops'], note: 'no subject' }],
  'template.readSms': [{ allowed: ['marketing', 'devops'], note: 'no subject' }],
  'template.read': orgCases(EVERYONE),
  'devops.view': [{ allowed: ['devops'], note: 'no subject' }],
  'contact.manage': orgCases(EVERYONE),
  'textBlock.manage': orgCases(EVERYONE),
  'call.placeOutgoing': orgCases(EVERYONE),
  'call.transferToExtension': orgCases([]),
  'call.handle': inboxCases(),
  'call.deleteRecording': orgCases(ADMINS),
  'professional.manage': orgCases(ADMINS),
  'statistics.read': orgCases(ADMINS),
  'appointment.manage': orgCases(EVERYONE),
  'scheduledMessage.create': [
    { subject: { id: TEAM, organizationId: ORG }, allowed: EVERYONE, note: 'current team' },
    { subject: { id: OTHER_TEAM, organizationId: ORG }, allowed: [], note: 'another team' },
    { subject: { id: TEAM, organizationId: OTHER_ORG }, allowed: [], note: 'another organisation' },
  ],
  'scheduledMessage.read': [
    {
      subject: { organizationId: ORG, teamId: TEAM, createdByUserId: 'u-2' },
      allowed: EVERYONE,
      note: "their current team's",
    },
    {
      subject: { organizationId: ORG, teamId: OTHER_TEAM, createdByUserId: 'u-2' },
      allowed: ADMINS,
      note: "another team's",
    },
    {
      subject: { organizationId: OTHER_ORG, teamId: TEAM, createdByUserId: 'u-1' },
      allowed: [],
      note: 'another organisation',
    },
  ],
  'scheduledMessage.manage': [
    {
      subject: { organizationId: ORG, teamId: TEAM, createdByUserId: 'u-1' },
      allowed: EVERYONE,
      note: 'their own',
    },
    {
      subject: { organizationId: ORG, teamId: TEAM, createdByUserId: 'u-2' },
      allowed: ADMINS,
      note: "another member's",
    },
    {
      subject: { organizationId: ORG, teamId: TEAM, createdByUserId: null },
      allowed: ADMINS,
      note: 'of an author now gone',
    },
    {
      subject: { organizationId: OTHER_ORG, teamId: TEAM, createdByUserId: 'u-1' },
      allowed: [],
      note: 'another organisation',
    },
  ],
};

function inboxCases(allowed: Role[] = EVERYONE): Case[] {
  return [
    { subject: { organizationId: ORG, userGroupId: TEAM }, allowed, note: 'current team' },
    {
      subject: { organizationId: ORG, userGroupId: OTHER_TEAM },
      allowed: [],
      note: 'another team of the organisation',
    },
    { subject: { organizationId: OTHER_ORG, userGroupId: TEAM }, allowed: [], note: 'another organisation' },
  ];
}
/** Organisation administrators administer every team of theirs; a member the team flags administers it whatever their role. */
function teamAdminCases(): Case[] {
  return [
    { subject: { id: TEAM, organizationId: ORG }, allowed: ADMINS, note: 'their current team' },
    {
      subject: { id: OTHER_TEAM, organizationId: ORG, administratorIds: ['u-9'] },
      allowed: ADMINS,
      note: 'a team another member administers',
    },
    {
      subject: { id: OTHER_TEAM, organizationId: ORG, administratorIds: ['u-1'] },
      allowed: EVERYONE,
      note: 'a team that flags them administrator',
    },
    {
      subject: { id: TEAM, organizationId: OTHER_ORG, administratorIds: ['u-1'] },
      allowed: [],
      note: 'another organisation',
    },
  ];
}
function orgCases(allowed: Role[], extra: object = {}): Case[] {
  return [
    { subject: { organizationId: ORG, ...extra }, allowed, note: 'their organisation' },
    { subject: { organizationId: OTHER_ORG, ...extra }, allowed: [], note: 'another organisation' },
  ];
}

const check = (a: Actor, action: Action, subject: unknown) =>
  (can as (a: Actor, x: Action, s?: unknown) => boolean)(a, action, subject);

describe('can(actor, action, subject)', () => {
  it('has an expectation for every action', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ACTIONS].sort());
  });

  for (const action of ACTIONS) {
    for (const { subject, allowed, note } of EXPECTED[action]) {
      for (const role of ROLES) {
        const want = allowed.includes(role);
        it(`${action} (${note}): ${role} ${want ? 'may' : 'may not'}`, () => {
          expect(check(actor(role), action, subject)).toBe(want);
        });
      }
    }
  }

  it('refuses the inbox and starting a conversation to a user without a current team', () => {
    const loner = actor('admin', { teamId: null });
    for (const action of ['conversation.read', 'conversation.delete', 'message.send'] as const) {
      expect(can(loner, action, { organizationId: ORG, userGroupId: TEAM })).toBe(false);
    }
    expect(can(loner, 'conversation.create', { id: TEAM, organizationId: ORG })).toBe(false);
    // Membership is no inbox: an administrator without a current team still sets up the teams.
    expect(can(loner, 'team.addMember', { id: TEAM, organizationId: ORG })).toBe(true);
    expect(can(actor('user', { teamId: null }), 'team.addMember', { id: TEAM, organizationId: ORG })).toBe(
      false,
    );
  });
});

describe("the organisation's tier", () => {
  const withTier = (tier: TierCode[] | null) => actor('user', { tier });
  const org = { organizationId: ORG };

  it('allows outgoing calls without tier data, else only with the outgoing-calls code', () => {
    expect(can(withTier(null), 'call.placeOutgoing', org)).toBe(true);
    expect(can(withTier([]), 'call.placeOutgoing', org)).toBe(false);
    expect(can(withTier(['outgoing-calls']), 'call.placeOutgoing', org)).toBe(true);
  });

  it('allows the transfer to an extension only with its code', () => {
    expect(can(withTier(null), 'call.transferToExtension', org)).toBe(false);
    expect(can(withTier(['extension-transfer']), 'call.transferToExtension', org)).toBe(true);
    expect(
      can(withTier(['extension-transfer']), 'call.transferToExtension', { organizationId: OTHER_ORG }),
    ).toBe(false);
  });

  it('allows several teams unless the single-team code is present', () => {
    expect(can(withTier(null), 'team.switch', org)).toBe(true);
    expect(can(withTier(['outgoing-calls']), 'team.switch', org)).toBe(true);
    expect(can(withTier(['single-team']), 'team.switch', org)).toBe(false);
  });
});
