import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import {
  conversationAbilities,
  conversationAbilitiesSchema,
  SESSION_ACTIONS,
  sessionAbilities,
  sessionAbilitiesSchema,
} from './presented';

const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: 'u-1',
  role: 'user',
  organizationId: 'org-a',
  teamId: 'team-1',
  tier: null,
  ...over,
});

describe('sessionAbilities', () => {
  it('answers every session action, and parses with its schema', () => {
    const abilities = sessionAbilities(actor());
    expect(Object.keys(abilities).sort()).toEqual([...SESSION_ACTIONS].sort());
    expect(sessionAbilitiesSchema.parse(abilities)).toEqual(abilities);
  });

  it("judges a user's own organisation and current team", () => {
    expect(sessionAbilities(actor())).toMatchObject({
      'conversation.create': true,
      'team.switch': true,
      'team.addMember': false,
      'automation.edit': false,
      'devops.view': false,
    });
    expect(sessionAbilities(actor({ role: 'admin' }))).toMatchObject({
      'team.addMember': true,
      'team.removeMember': true,
      'automation.edit': true,
      'user.forceDisconnect': true,
      'devops.view': false,
      'organization.impersonate': false,
    });
    expect(sessionAbilities(actor({ role: 'devops' }))).toMatchObject({
      'devops.view': true,
      'template.readSms': true,
      'organization.impersonate': true,
      'invitationCode.manage': true,
    });
    expect(sessionAbilities(actor({ role: 'super-admin' }))).toMatchObject({
      'organization.impersonate': false,
      'invitationCode.manage': false,
      'conversation.restore': true,
    });
    expect(sessionAbilities(actor())).toMatchObject({ 'conversation.restore': false });
    expect(sessionAbilities(actor({ role: 'marketing' }))).toMatchObject({
      'template.readSms': true,
      'automation.edit': false,
    });
  });

  it('refuses what needs a team to a user without one', () => {
    expect(sessionAbilities(actor({ role: 'admin', teamId: null }))).toMatchObject({
      'conversation.create': false,
      'team.addMember': false,
      'team.removeMember': false,
      'automation.edit': true,
    });
  });
});

describe('conversationAbilities', () => {
  it("grants every action on the current team's conversation and none elsewhere; deleting to administrators only", () => {
    expect(conversationAbilities(actor(), { organizationId: 'org-a', userGroupId: 'team-1' })).toEqual({
      read: true,
      update: true,
      archive: true,
      delete: false,
      send: true,
    });
    const all = conversationAbilities(actor({ role: 'admin' }), {
      organizationId: 'org-a',
      userGroupId: 'team-1',
    });
    expect(all).toEqual({ read: true, update: true, archive: true, delete: true, send: true });
    expect(conversationAbilitiesSchema.parse(all)).toEqual(all);
    expect(conversationAbilities(actor(), { organizationId: 'org-b', userGroupId: 'team-1' })).toEqual({
      read: false,
      update: false,
      archive: false,
      delete: false,
      send: false,
    });
    expect(
      Object.values(conversationAbilities(actor(), { organizationId: 'org-a', userGroupId: 'team-2' })),
    ).not.toContain(true);
  });
});
