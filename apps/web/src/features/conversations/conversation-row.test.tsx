import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { ConversationRow } from './conversation-row';
import { buildConversation, buildMessage } from './test-fixtures';

function renderRow(status: 'failed' | 'delivered', direction: 'outbound' | 'inbound' = 'outbound', locale: 'fr-CA' | 'en-CA' = 'fr-CA') {
  const conversation = buildConversation();
  const lastMessage = buildMessage({ conversationId: conversation.id, direction, status, errorCode: status === 'failed' ? '30006' : null });
  renderWithProviders(
    <ConversationRow conversation={{ ...conversation, lastMessage }} active={false} onOpen={() => undefined} onAction={() => undefined} onDelete={() => undefined} />,
    { locale },
  );
}

describe('ConversationRow failure mark', () => {
  it('marks a row whose last text failed with an icon that has a name', () => {
    renderRow('failed');
    expect(screen.getByRole('img', { name: 'Dernier envoi en échec' })).toBeTruthy();
    expect(screen.getByRole('option').textContent).not.toContain('30006');
  });

  it('names it in English in an English interface', () => {
    renderRow('failed', 'outbound', 'en-CA');
    expect(screen.getByRole('img', { name: 'Last text failed' })).toBeTruthy();
  });

  it('shows no mark for a delivered text', () => {
    renderRow('delivered');
    expect(screen.queryByRole('img', { name: 'Dernier envoi en échec' })).toBeNull();
  });
});
