import { AppError } from '@accueil/domain';
import type { CarrierHost } from '../../carrier-slot';
import { readSandboxVoiceToken } from './sandbox-voice-carrier';
import type { SandboxSwitchboard } from './sandbox-switchboard';
import type { RequestContext } from '../../../http/request-context';

/**
 * POST /api/voice/v1/sandbox/devices: the signed-in user's browser registers its sandbox voice
 * device with the voice token it was given; calls to the user's teams ring it until the token
 * ends (the device registers again with each refreshed token).
 * @throws AppError `validation-failed` (400) when the token is not a valid sandbox voice token of this
 *   user (the session is fine; the device must fetch a new token).
 */
export async function registerVoiceDevice(
  deps: Pick<CarrierHost, 'config'>,
  switchboard: SandboxSwitchboard,
  ctx: RequestContext,
  token: string,
): Promise<void> {
  const secret = deps.config.JWT_SECRET;
  if (!secret) throw new Error('The sandbox voice network needs the resolved JWT_SECRET');
  const verified = await readSandboxVoiceToken(secret, token).catch(() => null);
  if (!verified || verified.identity !== ctx.userId)
    throw new AppError('validation-failed', "The voice token is invalid, expired, or another user's");
  switchboard.register(ctx.userId, verified.expiresAt);
}
