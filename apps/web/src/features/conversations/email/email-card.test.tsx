import type { EmailDetails, Message } from '@accueil/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EmailCard } from './email-card';

/** A mail's card: the warning on a sender its domain does not vouch for, and a bounced reply's reason. */
const message = (over: Partial<Message>) =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    direction: 'inbound',
    status: 'received',
    body: 'Bonjour',
    from: 'banque@example.test',
    createdAt: '2026-11-02T15:00:00.000Z',
    ...over,
  }) as Message;
const details = (over: Partial<EmailDetails>): EmailDetails => ({
  messageId: '00000000-0000-4000-8000-000000000001',
  subject: 'Votre compte',
  from: { address: 'banque@example.test', name: '' },
  to: [{ address: 'accueil@clinic.test', name: '' }],
  cc: [],
  html: null,
  text: 'Bonjour',
  remoteImages: false,
  automatic: false,
  attachments: [],
  authentication: null,
  deliveryError: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  ...over,
});
const mailbox = { provider: 'imap' as const, address: 'accueil@clinic.test' };

describe('EmailCard', () => {
  it.each([
    [
      'fr-CA',
      'Expéditeur non vérifié : ce courriel pourrait ne pas venir de banque@example.test (SPF fail, DKIM none, DMARC fail).',
    ],
    [
      'en-CA',
      'Unverified sender: this e-mail may not come from banque@example.test (SPF fail, DKIM none, DMARC fail).',
    ],
    [
      'fr-FR',
      'Expéditeur non vérifié : cet e-mail pourrait ne pas provenir de banque@example.test (SPF fail, DKIM none, DMARC fail).',
    ],
  ] as const)('warns in %s about a sender whose domain does not vouch for the mail', (locale, text) => {
    const authentication = { spf: 'fail', dkim: 'none', dmarc: 'fail', failing: true };
    renderWithProviders(
      <EmailCard message={message({})} details={details({ authentication })} mailbox={mailbox} />,
      { locale },
    );
    expect(screen.getByTestId('email-sender-unverified').textContent).toBe(text);
  });

  it('says nothing of a sender that passes or has no records', () => {
    const authentication = { spf: 'none', dkim: 'none', dmarc: 'none', failing: false };
    renderWithProviders(
      <EmailCard message={message({})} details={details({ authentication })} mailbox={mailbox} />,
    );
    expect(screen.queryByTestId('email-sender-unverified')).toBeNull();
  });

  it('shows a bounced reply as not delivered, with the reason once it is known', () => {
    const sent = message({ direction: 'outbound', status: 'failed', errorCode: 'email-bounced' });
    const { unmount } = renderWithProviders(
      <EmailCard
        message={sent}
        details={details({ deliveryError: '552 5.2.2 Mailbox full' })}
        mailbox={mailbox}
      />,
      { locale: 'en-CA' },
    );
    expect(screen.getByTestId('email-not-delivered').textContent).toBe(
      'Not delivered: 552 5.2.2 Mailbox full',
    );
    unmount();
    renderWithProviders(<EmailCard message={sent} details={undefined} mailbox={mailbox} />);
    expect(screen.getByTestId('email-not-delivered').textContent).toBe('Non remis');
  });
});
