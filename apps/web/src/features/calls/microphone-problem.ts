/**
 * Why a call could not use the microphone (docs/behaviour/calls.md, "No microphone"):
 * - `missing`: no microphone is plugged in or the one chosen is gone;
 * - `blocked`: the browser (or the user, or the system) refused the site the microphone;
 * - `busy`: another application holds it, or the system could not start it.
 */
export type MicrophoneProblem = 'missing' | 'blocked' | 'busy';

// `getUserMedia`'s refusals (a DOMException's name: https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia).
const BY_NAME: Record<string, MicrophoneProblem> = {
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotAllowedError: 'blocked',
  SecurityError: 'blocked',
  NotReadableError: 'busy',
  AbortError: 'busy',
};

// The Twilio Voice SDK's user-media errors: 31401 permission denied, 31402 acquisition failed
// (no device, or one that could not start); 31208 and 31201 in its older numbering.
const BY_TWILIO_CODE: Record<number, MicrophoneProblem> = {
  31401: 'blocked',
  31208: 'blocked',
  31402: 'missing',
  31201: 'missing',
};

/** The microphone problem behind a device's failure, or null when it is not about the microphone. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem | null {
  if (typeof error !== 'object' || error === null) return null;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (typeof code === 'number' && code in BY_TWILIO_CODE) return BY_TWILIO_CODE[code] ?? null;
  if (typeof name === 'string' && name in BY_NAME) return BY_NAME[name] ?? null;
  return null;
}

/** The Twilio device's error code as a microphone problem, or null (see {@link microphoneProblemOf}). */
export function microphoneProblemOfCode(code: number): MicrophoneProblem | null {
  return BY_TWILIO_CODE[code] ?? null;
}

/**
 * Asks the browser for the microphone once and lets it go: resolves with null when it is
 * there and allowed, or the problem (the guide's retry).
 */
export async function checkMicrophone(): Promise<MicrophoneProblem | null> {
  if (!navigator.mediaDevices?.getUserMedia) return 'blocked';
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    stream.getTracks().forEach((track) => track.stop());
    return null;
  } catch (error) {
    return microphoneProblemOf(error) ?? 'missing';
  }
}
