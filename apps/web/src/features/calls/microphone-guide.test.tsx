import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { guideBrowserOf, MicrophoneGuide } from './microphone-guide';
import { microphoneProblemOf } from './microphone-problem';

const originalMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  if (originalMediaDevices) Object.defineProperty(navigator, 'mediaDevices', originalMediaDevices);
  else Reflect.deleteProperty(navigator, 'mediaDevices');
});

/** The browser's microphone: `getUserMedia` answers with `answer` (a stream or a refusal). */
function microphoneAnswers(...answers: (DOMException | 'ok')[]) {
  const stop = vi.fn();
  const getUserMedia = vi.fn(() => {
    const answer = answers.shift() ?? 'ok';
    return answer === 'ok'
      ? Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream)
      : Promise.reject(answer);
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, stop };
}

describe('microphoneProblemOf', () => {
  it('reads the browser refusals and the Twilio SDK codes; anything else is not about the microphone', () => {
    expect(microphoneProblemOf(new DOMException('Requested device not found', 'NotFoundError'))).toBe(
      'missing',
    );
    expect(microphoneProblemOf(new DOMException('Permission denied', 'NotAllowedError'))).toBe('blocked');
    expect(microphoneProblemOf(new DOMException('Could not start', 'NotReadableError'))).toBe('busy');
    expect(microphoneProblemOf({ code: 31401, name: 'PermissionDeniedError' })).toBe('blocked');
    expect(microphoneProblemOf({ code: 31402 })).toBe('missing');
    expect(microphoneProblemOf(new Error('No voice device'))).toBeNull();
    expect(microphoneProblemOf({ code: 31005 })).toBeNull();
    expect(microphoneProblemOf('NotFoundError')).toBeNull();
  });
});

describe('guideBrowserOf', () => {
  it('tells Edge, Firefox and Safari from Chrome', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    expect(guideBrowserOf(chrome)).toBe('chrome');
    expect(guideBrowserOf(`${chrome} Edg/131.0`)).toBe('edge');
    expect(guideBrowserOf('Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'firefox',
    );
    expect(
      guideBrowserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('safari');
  });
});

describe('MicrophoneGuide', () => {
  it('says why, shows the steps of each browser, and closes to call again once the microphone answers', async () => {
    const user = userEvent.setup();
    const { getUserMedia, stop } = microphoneAnswers(new DOMException('no', 'NotAllowedError'), 'ok');
    const onReady = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<MicrophoneGuide problem="missing" onClose={onClose} onReady={onReady} />);

    const dialog = await screen.findByRole('dialog', { name: 'Aucun micro détecté' });
    expect(dialog.textContent).toContain('Aucun micro n’a été trouvé');
    await user.click(screen.getByRole('tab', { name: 'Firefox' }));
    expect(screen.getByRole('tabpanel').textContent).toContain(
      'Retirez le blocage « Utiliser le microphone ».',
    );

    // Still refused: the guide stays, now saying the browser refuses it.
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(dialog.textContent).toContain('Le navigateur a refusé le micro'));
    expect(screen.getByText(/Toujours aucun micro utilisable/)).toBeTruthy();
    expect(onReady).not.toHaveBeenCalled();

    // Allowed: the microphone is let go at once and the call can start again.
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(stop).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
