import { AppError, IDEMPOTENCY_KEY_TTL_MS, type SendMessageRequest } from '@accueil/domain';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import type { RequestContext } from '../../http/request-context';

/** SHA-256 (hex) of what a send asks for: the conversation, the body or quick message, and `to`. */
export function sendRequestHash(conversationId: string, input: SendMessageRequest): string {
  // A quick message's id is appended only when present: keys claimed before it existed keep their hash.
  // With a quick message the body is absent (a send has one or the other): JSON writes it null.
  // Attachments likewise, after it (a send with them has neither body nor quick message).
  const asked =
    input.attachmentIds !== undefined
      ? [conversationId, input.body, input.to ?? null, input.textBlockId ?? null, input.attachmentIds]
      : input.textBlockId === undefined
        ? [conversationId, input.body, input.to ?? null]
        : [conversationId, input.body, input.to ?? null, input.textBlockId];
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/** A claimed key (this request sends) or the message an earlier request with it created. */
export type IdempotencyClaim = { kind: 'claimed'; keyId: string } | { kind: 'replay'; messageId: string };

/**
 * In the send's transaction, first: forgets this user's keys older than
 * `IDEMPOTENCY_KEY_TTL_MS` (the keys of users who send no more are left to
 * `purgeExpiredIdempotencyKeys`), then claims `key` for (organisation, user). A concurrent request
 * with the same key waits on the unique index until the first commits, then sees its row.
 * @throws AppError 'idempotency-conflict' (422) when the key was used with another payload.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  ctx: RequestContext,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const owner = and(
    eq(idempotencyKeys.organizationId, ctx.organizationId),
    eq(idempotencyKeys.userId, ctx.userId),
  );
  await tx
    .delete(idempotencyKeys)
    .where(and(owner, lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS))));
  // A directive inside the call chain below attaches to no statement, so Stryker would not read it.
  // Stryker disable next-line ObjectLiteral: without a target DO NOTHING covers every unique index, and the only other one is the primary key, a fresh gen_random_uuid()
  const sameKey = { target: [idempotencyKeys.organizationId, idempotencyKeys.userId, idempotencyKeys.key] };
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ organizationId: ctx.organizationId, userId: ctx.userId, key, requestHash })
    .onConflictDoNothing(sameKey)
    .returning({ id: idempotencyKeys.id });
  // Stryker disable next-line StringLiteral: callers tell a claim from a replay by `kind === 'replay'` alone
  if (claimed) return { kind: 'claimed', keyId: claimed.id };
  const [earlier] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(owner, eq(idempotencyKeys.key, key)));
  if (!earlier || earlier.requestHash !== requestHash || !earlier.messageId) {
    throw new AppError(
      'idempotency-conflict',
      'This Idempotency-Key was already used for another message (different conversation, body or to); use a new key for a new message',
    );
  }
  return { kind: 'replay', messageId: earlier.messageId };
}

/** Records the message a claimed key's send created (same transaction as the message). */
export async function bindIdempotencyKey(tx: Tx, keyId: string, messageId: string): Promise<void> {
  await tx.update(idempotencyKeys).set({ messageId }).where(eq(idempotencyKeys.id, keyId));
}
