import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { isFlowLocked } from './flow-lock';
import FlowLockNotice from './flow-lock-notice';
import { actionRequest } from './use-conversation-actions';

describe('the flow lock on screen', () => {
  it('says sending is blocked while the contact answers a follow-up', () => {
    renderWithProviders(<FlowLockNotice until={new Date(Date.now() + 30 * 60_000).toISOString()} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /répond à un questionnaire ou à un parcours : l'envoi est bloqué/,
    );
  });

  it('says nothing without a follow-up; the lock ends when its time is up', () => {
    renderWithProviders(<FlowLockNotice until={null} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(isFlowLocked(null)).toBe(false);
    expect(isFlowLocked('2026-01-01T10:00:00.000Z', Date.parse('2026-01-01T09:59:59.000Z'))).toBe(true);
    expect(isFlowLocked('2026-01-01T10:00:00.000Z', Date.parse('2026-01-01T10:00:00.000Z'))).toBe(false);
  });

  it('opening a conversation clears its notification and its incomplete-follow-up flag', () => {
    expect(actionRequest('opened')).toEqual({
      attributes: { hasNotification: false, hasIncompleteFollowup: false },
    });
  });
});
