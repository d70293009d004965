import { describe, expect, it } from 'vitest';
import { ORG, OTHER_ORG, policyContext, refusalOf, TEAM } from '../../test/policy-context';
import { authorizeConversation, requireTeam } from './conversations.policy';

describe('authorizeConversation', () => {
  it("lets a member of the conversation's team act on it; deleting is an administrator's", () => {
    for (const action of [
      'conversation.read',
      'conversation.update',
      'conversation.archive',
      'message.send',
    ] as const) {
      expect(
        refusalOf(() =>
          authorizeConversation(policyContext(), action, { organizationId: ORG, teamId: TEAM }),
        ),
      ).toBeNull();
    }
    expect(
      refusalOf(() =>
        authorizeConversation(policyContext(), 'conversation.delete', { organizationId: ORG, teamId: TEAM }),
      ),
    ).toEqual([403, 'forbidden']);
    expect(
      refusalOf(() =>
        authorizeConversation(policyContext({ role: 'admin' }), 'conversation.delete', {
          organizationId: ORG,
          teamId: TEAM,
        }),
      ),
    ).toBeNull();
  });

  it("answers 404 for a missing row or another organisation's, 403 for a known row the rules refuse", () => {
    expect(refusalOf(() => authorizeConversation(policyContext(), 'conversation.delete', undefined))).toEqual(
      [404, 'not-found'],
    );
    expect(
      refusalOf(() =>
        authorizeConversation(policyContext(), 'conversation.delete', {
          organizationId: OTHER_ORG,
          teamId: TEAM,
        }),
      ),
    ).toEqual([404, 'not-found']);
    expect(
      refusalOf(() =>
        authorizeConversation(policyContext({ teamId: null }), 'message.send', {
          organizationId: ORG,
          teamId: TEAM,
        }),
      ),
    ).toEqual([403, 'forbidden']);
  });
});

describe('requireTeam', () => {
  it('is the current team; 403 without one', () => {
    expect(requireTeam(policyContext())).toBe(TEAM);
    expect(refusalOf(() => requireTeam(policyContext({ teamId: null })))).toEqual([403, 'forbidden']);
  });
});
