import type { AutomaticReplyKind } from '@accueil/domain';
import { automaticReplies } from '../db/schema/automations';
import { buildOrganization, databaseOf, type InDatabase } from './factories';

/**
 * An automatic reply written straight to its table: of `kind` (the missed-text reply unless
 * given), on (`enabled`) with `body` unless told otherwise, for the whole organisation (`teamId`
 * null) or one team; of `organizationId` or of a new organisation.
 */
export async function buildAutomaticReply(
  input: {
    organizationId?: string;
    teamId?: string | null;
    kind?: AutomaticReplyKind;
    enabled?: boolean;
    body?: string;
  } & InDatabase = {},
) {
  const db = databaseOf(input);
  const organizationId = input.organizationId ?? (await buildOrganization({ db })).id;
  const [row] = await db
    .insert(automaticReplies)
    .values({
      organizationId,
      teamId: input.teamId ?? null,
      kind: input.kind ?? 'missed-sms',
      enabled: input.enabled ?? true,
      body: input.body ?? 'Merci de votre message, nous vous répondrons sous peu.',
    })
    .returning();
  return row!;
}
