import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf as codeOf, TEAM } from '../../test/policy-context';
import { authorizeConversation, requireTeam } from './conversations.policy';

const ctx = policyContext;

describe('authorizeConversation', () => {
  it("lets a member of the conversation's team act on it; deleting is an administrator's", () => {
    for (const action of ['conversation.read', 'conversation.update', 'conversation.archive', 'message.send'] as const) {
      expect(codeOf(() => authorizeConversation(ctx(), action, { organizationId: ORG, teamId: TEAM }))).toBeNull();
    }
    expect(codeOf(() => authorizeConversation(ctx(), 'conversation.delete', { organizationId: ORG, teamId: TEAM }))).toEqual([403, 'forbidden']);
    expect(codeOf(() => authorizeConversation(ctx({ role: 'admin' }), 'conversation.delete', { organizationId: ORG, teamId: TEAM }))).toBeNull();
  });

  it("answers 404 for a missing row or another organisation's, 403 for a known row the rules refuse", () => {
    expect(codeOf(() => authorizeConversation(ctx(), 'conversation.delete', undefined))).toEqual([404, 'not-found']);
    expect(codeOf(() => authorizeConversation(ctx(), 'conversation.delete', { organizationId: OTHER_ORG, teamId: TEAM }))).toEqual([404, 'not-found']);
    expect(codeOf(() => authorizeConversation(ctx({ teamId: null }), 'message.send', { organizationId: ORG, teamId: TEAM }))).toEqual([403, 'forbidden']);
  });
});

describe('requireTeam', () => {
  it('is the current team; 403 without one', () => {
    expect(requireTeam(ctx())).toBe(TEAM);
    expect(codeOf(() => requireTeam(ctx({ teamId: null })))).toEqual([403, 'forbidden']);
  });
});
