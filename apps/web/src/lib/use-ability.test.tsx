import { sessionAbilities, type SessionContext } from '@accueil/domain';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildConversation } from '../features/conversations/test-fixtures';
import { clearSession, updateSession } from './session-store';
import { abilityOf, useAbility, useConversationAbilities } from './use-ability';

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

function signedInAs(role: SessionContext['user']['role']): SessionContext {
  const actor = { userId: 'u-1', role, organizationId: ORG, teamId: TEAM, tier: null };
  const context = {
    user: { id: 'u-1', role },
    organization: { id: ORG },
    userGroup: { id: TEAM },
    userGroups: [],
    abilities: sessionAbilities(actor),
  } as unknown as SessionContext;
  updateSession({ status: 'signed-in', token: 't', context });
  return context;
}

describe('useAbility', () => {
  afterEach(() => clearSession());

  it("reads the session's abilities: the devops entry for devops only", () => {
    signedInAs('devops');
    expect(renderHook(() => useAbility('devops.view')).result.current).toBe(true);
    signedInAs('admin');
    expect(renderHook(() => useAbility('devops.view')).result.current).toBe(false);
    expect(renderHook(() => useAbility('automation.edit')).result.current).toBe(true);
  });

  it('answers false when signed out or when the context carries no abilities', () => {
    expect(renderHook(() => useAbility('conversation.create')).result.current).toBe(false);
    expect(abilityOf({ user: { role: 'devops' } } as unknown as SessionContext, 'devops.view')).toBe(false);
  });
});

describe('useConversationAbilities', () => {
  afterEach(() => clearSession());

  it("judges the conversation with the shared rules for the signed-in user: all on their team's (deleting for administrators), none on another's", () => {
    signedInAs('user');
    const fromEvent = buildConversation({ organizationId: ORG, userGroupId: TEAM });
    expect(renderHook(() => useConversationAbilities(fromEvent)).result.current).toEqual({
      read: true,
      update: true,
      archive: true,
      delete: false,
      send: true,
    });
    clearSession();
    signedInAs('admin');
    expect(renderHook(() => useConversationAbilities(fromEvent)).result.current).toEqual({
      read: true,
      update: true,
      archive: true,
      delete: true,
      send: true,
    });
    const otherTeam = buildConversation({
      organizationId: ORG,
      userGroupId: '33333333-3333-4333-8333-333333333333',
    });
    expect(renderHook(() => useConversationAbilities(otherTeam)).result.current.delete).toBe(false);
    expect(renderHook(() => useConversationAbilities(null)).result.current.read).toBe(false);
  });
});
