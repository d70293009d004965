import { sessionAbilities, type SessionContext } from '@accueil/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, updateSession } from '../../lib/session-store';
import { renderWithProviders } from '../../test/render-with-providers';
import { ConversationRow } from './conversation-row';
import { buildConversation, buildMessage } from './test-fixtures';

function renderRow(
  status: 'failed' | 'delivered',
  direction: 'outbound' | 'inbound' = 'outbound',
  locale: 'fr-CA' | 'en-CA' = 'fr-CA',
) {
  const conversation = buildConversation();
  const lastMessage = buildMessage({
    conversationId: conversation.id,
    direction,
    status,
    errorCode: status === 'failed' ? '30006' : null,
  });
  renderWithProviders(
    <ConversationRow
      conversation={{ ...conversation, lastMessage }}
      active={false}
      onOpen={() => undefined}
      onAction={() => undefined}
      onDelete={() => undefined}
    />,
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

describe('ConversationRow menu', () => {
  afterEach(() => clearSession());

  function openMenuAs(role: 'user' | 'admin') {
    const conversation = buildConversation();
    const actor = {
      userId: 'u-1',
      role,
      organizationId: conversation.organizationId,
      teamId: conversation.userGroupId,
      tier: null,
    };
    const context = {
      user: { id: 'u-1', role },
      organization: { id: conversation.organizationId },
      userGroup: { id: conversation.userGroupId },
      userGroups: [],
      abilities: sessionAbilities(actor),
    } as unknown as SessionContext;
    updateSession({ status: 'signed-in', token: 't', context });
    const { container } = renderWithProviders(
      <ConversationRow
        conversation={conversation}
        active={false}
        onOpen={() => undefined}
        onAction={() => undefined}
        onDelete={() => undefined}
      />,
    );
    fireEvent.click(container.querySelector('button')!);
  }

  it("offers deleting to an administrator only (the server's rule), archiving to everyone", async () => {
    openMenuAs('user');
    expect(await screen.findByRole('menuitem', { name: 'Archiver' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Supprimer' })).toBeNull();
  });

  it('shows deleting to an administrator', async () => {
    openMenuAs('admin');
    expect(await screen.findByRole('menuitem', { name: 'Supprimer' })).toBeTruthy();
  });
});
