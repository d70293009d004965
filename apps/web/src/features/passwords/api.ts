import { passwordEndpoints, type PasswordTokenInfo } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** POST /api/auth/password/forgot — mails a reset link when an account matches `login` (the same answer otherwise). */
export async function requestPasswordReset(login: string): Promise<void> {
  await api.call(passwordEndpoints.forgot, { body: { login } });
}

/** POST /api/auth/password/token — what the link is for (reset or invitation), its account and expiry. */
export function inspectPasswordLink(token: string, signal?: AbortSignal): Promise<PasswordTokenInfo> {
  return api.call(passwordEndpoints.inspect, { body: { token }, signal });
}

/** POST /api/auth/password/reset — sets the password with the link; answers the username to sign in with. */
export function setPasswordWithLink(
  token: string,
  password: string,
  confirmation: string,
): Promise<{ username: string }> {
  return api.call(passwordEndpoints.reset, { body: { token, password, confirmation } });
}
