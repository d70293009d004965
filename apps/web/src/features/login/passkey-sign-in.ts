import type { Locale, LoginResponse, SessionContext, WebauthnChallenge } from '@accueil/domain';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../lib/api';
import { acceptSignIn } from '../../lib/session';

/**
 * Signs in with a passkey: a challenge from POST auth/login/webauthn/options, the browser's
 * passkey prompt (any passkey of this site: no username asked), then POST
 * auth/login/webauthn/verify with the answer. Loaded on click only, so the login page does not
 * carry @simplewebauthn/browser. Rejects with ApiError (passkey-invalid, machine-not-allowed…)
 * or the browser's DOMException (NotAllowedError when the person cancels).
 */
export async function signInWithPasskey(locale: Locale | null): Promise<SessionContext> {
  const { nonce, options } = await apiRequest<WebauthnChallenge>('POST', 'auth/login/webauthn/options');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const body = locale ? { nonce, response, locale } : { nonce, response };
  return acceptSignIn(await apiRequest<LoginResponse>('POST', 'auth/login/webauthn/verify', { body }));
}
