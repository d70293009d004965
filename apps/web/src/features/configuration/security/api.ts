import {
  signInSecurityEndpoints as security,
  type AllowedMachine,
  type MachineList,
  type MachineMode,
  type Passkey,
} from '@accueil/domain';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../../lib/endpoint-client';

/** GET /api/auth/passkeys — the signed-in user's passkeys. */
export function fetchPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return api.call(security.listPasskeys, { signal });
}

/**
 * Creates a passkey: a challenge (POST /api/auth/passkeys/options), the browser's prompt, then
 * POST /api/auth/passkeys with the answer. Rejects with ApiError (`passkey-invalid`) or the
 * browser's error (NotAllowedError when the person cancels).
 */
export async function createPasskey(): Promise<Passkey> {
  const { nonce, options } = await api.call(security.passkeyRegistrationOptions);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.call(security.registerPasskey, {
    body: { nonce, response: response as unknown as Record<string, unknown> },
  });
}

/** DELETE /api/auth/passkeys/:id. */
export function deletePasskey(id: string): Promise<void> {
  return api.call(security.deletePasskey, { params: { id } });
}

/** GET /api/auth/machines — mode and allowlist (administrators). */
export function fetchMachines(signal?: AbortSignal): Promise<MachineList> {
  return api.call(security.listMachines, { signal });
}

/** PUT /api/auth/machines/mode. */
export function saveMachineMode(mode: MachineMode): Promise<MachineList> {
  return api.call(security.setMachineMode, { body: { mode } });
}

/** PUT /api/auth/machines/:id — the machine's name. */
export function renameMachine(id: string, name: string): Promise<AllowedMachine> {
  return api.call(security.renameMachine, { params: { id }, body: { name } });
}

/** DELETE /api/auth/machines/:id — off the allowlist. */
export function revokeMachine(id: string): Promise<void> {
  return api.call(security.revokeMachine, { params: { id } });
}

/** The tab's query keys live with its hooks; re-exported for the screens that still read them here. */
export { securityKeys } from './keys';
