import type { Call } from '@accueil/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { CallEntry, formatCallLength } from './call-entry';

const base = {
  id: 'c1',
  direction: 'inbound',
  startedAt: '2026-11-24T15:00:00Z',
  answeredAt: '2026-11-24T15:00:05Z',
  endedAt: '2026-11-24T15:02:10Z',
  duration: 125,
  missed: false,
  voicemail: null,
  version: 3,
} as unknown as Call;
const voicemail = (duration: number | null, deleted = false) =>
  ({
    ...base,
    answeredAt: null,
    missed: true,
    duration: 0,
    voicemail: { id: '44444444-4444-4444-8444-444444444444', duration, deleted },
  }) as Call;

afterEach(() => vi.restoreAllMocks());

describe('a call in the timeline', () => {
  it('says an answered call with its length, and a missed one', () => {
    renderWithProviders(<CallEntry call={base} />);
    expect(screen.getByTestId('call-entry').textContent).toMatch(/Appel entrant, répondu.*2:05/);
    renderWithProviders(
      <CallEntry call={{ ...base, id: 'c2', answeredAt: null, missed: true, duration: 0 }} />,
    );
    expect(screen.getByText('Appel manqué')).toBeTruthy();
    expect(formatCallLength(61)).toBe('1:01');
  });

  it('says a callback request from the queue, with the text sent', () => {
    renderWithProviders(
      <CallEntry
        call={{ ...base, answeredAt: null, missed: true, duration: 0, status: 'callback-request' }}
      />,
    );
    const entry = screen.getByTestId('call-entry');
    expect(entry.getAttribute('data-call-kind')).toBe('callback');
    expect(entry.textContent).toContain('Demande de rappel');
    expect(screen.getByTestId('callback-requested').textContent).toBe(
      'L’appelant a appuyé sur 1 dans la file d’attente : un texto lui a été envoyé pour confirmer qu’il sera rappelé.',
    );
    expect(screen.queryByText('Appel manqué')).toBeNull();
  });

  it('warns of a very short voicemail with its seconds, and plays it once asked', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'audio/wav' } })),
      );
    URL.createObjectURL = vi.fn(() => 'blob:voicemail');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(<CallEntry call={voicemail(2)} />);
    expect(screen.getByTestId('voicemail-short').textContent).toContain('Enregistrement très court (2 s)');
    fireEvent.click(screen.getByTestId('voicemail-play'));
    expect((await screen.findByTestId('voicemail-audio')).getAttribute('src')).toBe('blob:voicemail');
    expect(fetch.mock.calls[0]![0] as string).toBe(
      '/api/voice/v1/recordings?recordingId=44444444-4444-4444-8444-444444444444',
    );
  });

  it("says 'recording deleted by user' for a deleted voicemail, with no short-recording warning", () => {
    renderWithProviders(<CallEntry call={voicemail(20, true)} />);
    expect(screen.getByTestId('voicemail-deleted').textContent).toBe(
      'Enregistrement supprimé par l’utilisateur.',
    );
    expect(screen.queryByTestId('voicemail-short')).toBeNull();
  });

  it('says so when the server answers that the recording was deleted meanwhile', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'recording-deleted', message: 'gone' }), { status: 410 }),
      ),
    );
    renderWithProviders(<CallEntry call={voicemail(20)} />);
    fireEvent.click(screen.getByTestId('voicemail-play'));
    expect((await screen.findByTestId('voicemail-deleted')).textContent).toBe(
      'Enregistrement supprimé par l’utilisateur.',
    );
  });
});
