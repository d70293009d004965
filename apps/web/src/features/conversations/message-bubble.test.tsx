import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { MessageBubble } from './message-bubble';
import { buildMessage } from './test-fixtures';

const failed = buildMessage({ direction: 'outbound', status: 'failed', errorCode: '30006', body: 'Bonjour' });

describe('MessageBubble, a text the carrier refused', () => {
  it('says why in words, keeps the code small, and sends it again on request', async () => {
    const onResend = vi.fn();
    renderWithProviders(<MessageBubble message={failed} onResend={onResend} />);
    expect(screen.getByText(/Ligne fixe : ce numéro ne peut pas recevoir de textos\./)).toBeTruthy();
    expect(screen.getByText(/code 30006/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Renvoyer' }));
    expect(onResend).toHaveBeenCalledWith(failed);
  });

  it('speaks English in an English interface', () => {
    renderWithProviders(<MessageBubble message={failed} onResend={() => undefined} />, { locale: 'en-CA' });
    expect(screen.getByText(/Landline: this number cannot receive texts\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy();
  });

  it('names an unknown reason when the carrier gave no code, and shows it was sent again', () => {
    renderWithProviders(
      <MessageBubble message={{ ...failed, errorCode: null }} onResend={() => undefined} resent />,
    );
    expect(screen.getByText('Raison inconnue.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Renvoyer' })).toBeNull();
    expect(screen.getByText('Renvoyé')).toBeTruthy();
  });

  it('shows no failure notice on a delivered text', () => {
    renderWithProviders(
      <MessageBubble
        message={{ ...failed, status: 'delivered', errorCode: null }}
        onResend={() => undefined}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Renvoyer' })).toBeNull();
  });
});

describe('MessageBubble, an automatic reply', () => {
  it('is shown as automatic, not as a person', () => {
    renderWithProviders(
      <MessageBubble
        message={buildMessage({
          direction: 'outbound',
          status: 'delivered',
          automatic: true,
          author: 'automatic',
          authorName: null,
          body: 'Fermé',
        })}
      />,
    );
    expect(screen.getByText(/Réponse automatique/)).toBeTruthy();
  });
});

describe('MessageBubble, an inbound media not kept yet', () => {
  it('says a media is on its way, or that a picture is unavailable, and links to no carrier', () => {
    const message = buildMessage({
      direction: 'inbound',
      body: 'Voici ma carte',
      media: [
        { url: '', contentType: 'image/jpeg', pending: true },
        { url: '', contentType: 'image/png', unavailable: true },
        { url: '', contentType: 'application/pdf', unavailable: true },
      ],
    });
    renderWithProviders(<MessageBubble message={message} />, { locale: 'en-CA' });
    expect(screen.getByText('Receiving attachment 1…')).toBeTruthy();
    expect(screen.getByText('Picture unavailable')).toBeTruthy();
    expect(screen.getByText('Attachment 3 unavailable')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
