/** Direction of a text on the simulated network, seen from the simulated phone. */
export type SandboxDirection = 'to-phone' | 'from-phone';

/** A text that reaches a simulated phone from a team number. Numbers are E.164; `media`: a multimedia text's files. */
export type SandboxDelivery = {
  from: string;
  to: string;
  body: string;
  media?: { url: string; contentType: string }[];
};

/**
 * The simulated telephone network behind the sandbox messaging carrier. The sandbox module
 * implements it over its `sandbox_messages` table (the carrier itself never touches the
 * database) and notifies the phone simulator after each change.
 */
export interface SandboxNetwork {
  /**
   * Puts a text on the simulated phone `to` with status `sent` and returns the network's id
   * for it (used as the carrier message id).
   */
  deliverToPhone(text: SandboxDelivery): Promise<{ id: string }>;
  /** Records the texts' final state on the phone side (`delivered`), many at once. */
  markDelivered(ids: readonly string[]): Promise<void>;
  /** Whether the network carries the text `id` (one it put on a simulated phone). */
  knows(id: string): Promise<boolean>;
}

/**
 * True for a number the sandbox treats as a landline: a number ending in `0000`
 * (e.g. `+15145550000`, as Twilio's 30006 fixture). Texting it fails with 30006.
 */
export function isSandboxLandline(phone: string): boolean {
  return /0000$/.test(phone);
}
