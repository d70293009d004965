import { GREETING_AUDIO_MAX_BYTES, GREETING_TEXT_MAX_CHARS, type VoicemailGreeting } from '@accueil/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { GreetingCard } from './greeting-card';

const api = vi.hoisted(() => ({
  saveGreeting: vi.fn(),
  uploadGreetingAudio: vi.fn(),
  deleteGreeting: vi.fn(),
}));
vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), ...api }));
vi.mock('../../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyInfo: vi.fn() }));

const TEAM_ID = '00000000-0000-4000-8000-0000000000a1';
const organizationClosed: VoicemailGreeting = {
  id: '00000000-0000-4000-8000-0000000000d1',
  teamId: null,
  kind: 'CLOSE',
  enabled: true,
  source: 'TTS',
  text: 'La clinique est fermée.',
  audio: null,
  updatedAt: '2026-11-20T15:00:00.000Z',
};

beforeEach(() => Object.values(api).forEach((fn) => fn.mockReset()));

describe('GreetingCard', () => {
  it("starts a team's card from the organisation's greeting it follows, and saves the team's own", async () => {
    api.saveGreeting.mockResolvedValue({ ...organizationClosed, teamId: TEAM_ID });
    renderWithProviders(
      <GreetingCard kind="CLOSE" teamId={TEAM_ID} own={null} organization={organizationClosed} />,
    );
    expect(screen.getByText("Suit l'organisation")).toBeTruthy();
    const text = screen.getByRole('textbox', { name: /Texte lu par synthèse vocale/ });
    expect((text as HTMLTextAreaElement).value).toBe('La clinique est fermée.');
    const user = userEvent.setup();
    await user.type(text, '  ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer pour cette équipe' }));
    await waitFor(() =>
      expect(api.saveGreeting).toHaveBeenCalledWith({
        teamId: TEAM_ID,
        kind: 'CLOSE',
        enabled: true,
        source: 'TTS',
        text: 'La clinique est fermée.',
      }),
    );
    expect(screen.queryByRole('button', { name: /Suivre/ })).toBeNull();
  });

  it('refuses a file that is not audio, or too large, in French and uploads nothing', async () => {
    const { container } = renderWithProviders(
      <GreetingCard kind="OPEN" teamId={null} own={null} organization={null} />,
    );
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Fichier' }));
    const input = container.querySelector('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choisissez un fichier audio (MP3, WAV, Ogg, WebM ou MP4).',
    );
    const big = new File([new Uint8Array(GREETING_AUDIO_MAX_BYTES + 1)], 'long.mp3', { type: 'audio/mpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Votre fichier doit faire 2 mégaoctets ou moins.',
    );
    expect(api.uploadGreetingAudio).not.toHaveBeenCalled();
  });

  it('says a text over the limit without saving, and puts the server’s refusal of the text on its field', async () => {
    api.saveGreeting.mockRejectedValue(
      new ApiError(400, 'validation-failed', 'Invalid', [
        { location: 'body', path: 'text', message: 'max-length' },
      ]),
    );
    renderWithProviders(<GreetingCard kind="OPEN" teamId={null} own={null} organization={null} />, {
      locale: 'en-CA',
    });
    const text = screen.getByRole('textbox', { name: /Text read by speech synthesis/ });
    fireEvent.change(text, { target: { value: 'x'.repeat(GREETING_TEXT_MAX_CHARS + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const limit = `Maximum of ${GREETING_TEXT_MAX_CHARS} characters.`;
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(api.saveGreeting).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: ' Bonjour ' } });
    await waitFor(() => expect(screen.queryByText(limit)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(api.saveGreeting).toHaveBeenCalledWith({
      teamId: null,
      kind: 'OPEN',
      enabled: true,
      source: 'TTS',
      text: 'Bonjour',
    });
  });
});
