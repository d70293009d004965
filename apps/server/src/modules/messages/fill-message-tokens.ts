import { AppError, fillTokens, MESSAGE_BODY_MAX_CHARS } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { findTextBlockRow } from '../communication/index';
import { getContact } from '../contacts/index';
import { getOrganization } from '../organizations/index';

/** What an outbound text is made of: typed text, or a quick message's id (sent as written). */
export type OutboundText = { body: string } | { textBlockId: string };

/**
 * The text actually sent to a conversation's contact: the body, or the quick message's, with
 * its tokens filled for the contact (docs/behaviour/quick-messages.md#tokens) on the day `now`
 * in the organisation's time zone.
 * @throws AppError 'not-found' (a quick message that is not the organisation's),
 *   'token-value-missing' with `details.tokens` (a token without a value for this contact),
 *   'validation-failed' (longer than `MESSAGE_BODY_MAX_CHARS` once filled).
 */
export async function fillMessageTokens(
  deps: Pick<AppDeps, 'db'>,
  tx: DbOrTx,
  input: { organizationId: string; contactId: string | null; text: OutboundText; now?: Date },
): Promise<string> {
  let raw: string;
  if ('textBlockId' in input.text) {
    const block = await findTextBlockRow(tx, input.organizationId, input.text.textBlockId);
    if (!block) throw new AppError('not-found', 'Quick message not found');
    raw = block.body;
  } else {
    raw = input.text.body;
  }
  if (!raw.includes('{{')) return raw;
  // One after the other: both run on the transaction's single connection.
  const organization = await getOrganization(deps, input.organizationId, tx);
  const contact = input.contactId ? await getContact(tx, input.organizationId, input.contactId) : null;
  const filled = fillTokens(raw, {
    contact,
    organizationName: organization?.name ?? null,
    now: input.now ?? new Date(),
    timeZone: organization?.timeZone ?? 'America/Toronto',
  });
  if (filled.missing.length) {
    throw new AppError('token-value-missing', `No value for this contact: ${filled.missing.join(', ')}`, {
      tokens: filled.missing,
    });
  }
  if (filled.text.length > MESSAGE_BODY_MAX_CHARS) {
    throw new AppError('validation-failed', `At most ${MESSAGE_BODY_MAX_CHARS} characters once filled`, {
      field: 'body',
    });
  }
  return filled.text;
}
