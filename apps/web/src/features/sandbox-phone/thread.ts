import type { SandboxMessage } from '@accueil/domain';

/**
 * The texts between one simulated phone and one team number, oldest first (the API gives
 * every text of the phone; the simulator shows one thread at a time).
 */
export function threadBetween(
  items: readonly SandboxMessage[],
  phone: string,
  team: string,
): SandboxMessage[] {
  return items
    .filter((m) => (m.from === phone && m.to === team) || (m.from === team && m.to === phone))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** True for a text the simulated phone sent (shown on the right, like a phone's own texts). */
export function isFromPhone(message: SandboxMessage): boolean {
  return message.direction === 'from-phone';
}
