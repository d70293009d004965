import { AppError, type Role } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../http/request-context';
import { authorizeConversation, requireTeam } from './conversations.policy';

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';
const ctx = (over: Partial<RequestContext> & { role?: Role } = {}): RequestContext => ({
  organizationId: ORG,
  userId: '33333333-3333-4333-8333-333333333333',
  sessionId: '44444444-4444-4444-8444-444444444444',
  role: 'user',
  teamId: TEAM,
  ...over,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? [error.status, error.code] : error;
  }
};

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
    expect(codeOf(() => authorizeConversation(ctx(), 'conversation.delete', { organizationId: '55555555-5555-4555-8555-555555555555', teamId: TEAM }))).toEqual([404, 'not-found']);
    expect(codeOf(() => authorizeConversation(ctx({ teamId: null }), 'message.send', { organizationId: ORG, teamId: TEAM }))).toEqual([403, 'forbidden']);
  });
});

describe('requireTeam', () => {
  it('is the current team; 403 without one', () => {
    expect(requireTeam(ctx())).toBe(TEAM);
    expect(codeOf(() => requireTeam(ctx({ teamId: null })))).toEqual([403, 'forbidden']);
  });
});
