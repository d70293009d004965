import type { Call } from '@accueil/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { QueueView } from './queue-view';

const TEAM = '11111111-1111-4111-8111-111111111111';
const ORG = '55555555-5555-4555-8555-555555555555';
const callOf = (n: number, queue: Call['queue']): Call => ({
  id: `6666666${n}-6666-4666-8666-666666666666`,
  organizationId: ORG,
  userGroupId: TEAM,
  conversationId: null,
  contactId: null,
  direction: 'inbound',
  from: `+1514555012${n}`,
  to: '+15145550100',
  carrier: 'sandbox',
  callSid: `CA${n}`,
  status: 'in-progress',
  phase: queue?.status === 'parked' ? 5 : 4,
  outcome: null,
  route: 'queue',
  version: 2,
  onHold: false,
  transferred: false,
  fromGroupId: null,
  placedBy: null,
  answeredBy: null,
  startedAt: '2026-11-24T15:00:00.000Z',
  answeredAt: null,
  endedAt: null,
  duration: null,
  missed: false,
  queue,
  voicemail: null,
});

afterEach(() => vi.restoreAllMocks());

describe('the queue view', () => {
  it('lists waiting then parked calls with their waiting time, and picks one', async () => {
    const queuedAt = new Date(Date.now() - 65_000).toISOString();
    const waiting = callOf(1, { status: 'queued', parkNo: null, queuedAt });
    const parked = callOf(2, { status: 'parked', parkNo: 1, queuedAt });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const body = (input as string).endsWith('/queues')
        ? { calls: [waiting, parked] }
        : { ...waiting, phase: 2, version: 3, queue: { status: 'ringing', parkNo: null, queuedAt } };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    });
    const user = userEvent.setup();
    renderWithProviders(<QueueView teamId={TEAM} above={false} />);
    const rows = await screen.findAllByTestId('queue-call');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['queued', 'parked']);
    expect(rows[0]!.textContent).toMatch(/En attente · 01:0\d/);
    expect(rows[1]!.textContent).toContain('En garde, ligne 1');
    await user.click(screen.getAllByRole('button', { name: /Prendre l’appel du/ })[0]!);
    await waitFor(() =>
      expect(screen.getAllByTestId('queue-call')[0]!.getAttribute('data-status')).toBe('ringing'),
    );
    const pick = fetch.mock.calls.find(([url]) => (url as string).endsWith('/queues/pick'));
    expect(JSON.parse(pick![1]!.body as string)).toEqual({ callSid: 'CA1' });
  });
});
