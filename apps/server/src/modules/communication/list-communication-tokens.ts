import {
  COMMUNICATION_TOKEN_DESCRIPTIONS,
  COMMUNICATION_TOKEN_KEYS,
  tokenText,
  type CommunicationToken,
} from '@accueil/domain';

/**
 * GET /api/communication-templates/tokens?sector=: the tokens a text may hold, each as written
 * (`{{first_name}}`) with its description in every interface locale. Every sector has the same
 * tokens today; the sector is validated by the endpoint's schema (400 `sector-unknown`).
 */
export function listCommunicationTokens(): CommunicationToken[] {
  return COMMUNICATION_TOKEN_KEYS.map((key) => ({
    key,
    value: tokenText(key),
    description: COMMUNICATION_TOKEN_DESCRIPTIONS[key],
  }));
}
