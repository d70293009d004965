import { AppError, VOICE_TOKEN_TTL_SECONDS, type VoiceToken } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations';

/**
 * GET /api/voice/v1/tokens (and /tokens/refresh): an access token for the signed-in user's voice
 * device, from the configured voice carrier, under the user's id as identity, valid
 * VOICE_TOKEN_TTL_SECONDS (docs/behaviour/calls.md, "Voice tokens").
 * @throws AppError 'calls-disabled' (403) when the organisation has web calls off
 *   (`options.twilio.webCallsEnabled`); 'not-found' (404) when the organisation is gone.
 * @throws CarrierError when the vendor cannot sign (its credentials are wrong).
 */
export async function issueVoiceToken(
  deps: Pick<AppDeps, 'db' | 'voice'>,
  ctx: RequestContext,
): Promise<VoiceToken> {
  const settings = await getOrganizationSettings(deps, ctx.organizationId);
  if (!settings) throw new AppError('not-found', 'Organization not found');
  if (!settings.options.twilio.webCallsEnabled)
    throw new AppError('calls-disabled', 'Web calls are turned off for this organization');
  const token = await deps.voice.issueAccessToken(ctx.userId, VOICE_TOKEN_TTL_SECONDS);
  return {
    jwt: token.jwt,
    identity: token.identity,
    carrier: deps.voice.name,
    expiresAt: token.expiresAt.toISOString(),
  };
}
