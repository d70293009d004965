import { MESSAGE_STATUS_RANK, type MessageStatus } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { MessageRow } from './messages.presenter';

/** The higher-ranked of two statuses: a message's status never moves backwards. */
export function laterStatus(current: MessageStatus, next: MessageStatus): MessageStatus {
  return MESSAGE_STATUS_RANK[next] > MESSAGE_STATUS_RANK[current] ? next : current;
}

/** What a carrier said about an outbound text: its status, its id for the text, its error code. */
export type CarrierReport = {
  status: MessageStatus;
  carrierMessageId: string | null;
  errorCode?: string | null;
};

/**
 * Where the report comes from:
 * - `answer`: the carrier's answer to our send. Always written (version bumped), so the screen
 *   that sent the text learns its outcome; a failure's code replaces an earlier one.
 * - `status-report`: a later delivery report (status callback). Written only when it moves the
 *   status forward or teaches the message its carrier id; a failure keeps its first code.
 */
export type CarrierReportSource = 'answer' | 'status-report';

/**
 * What a carrier report changes on `current` under the rules of `writeCarrierStatus` (status,
 * carrier id, error code), or null when it changes nothing. Pure: the bulk send writes many
 * answers in one statement with it (send-messages-in-bulk.ts).
 */
export function carrierStatusFields(
  current: MessageRow,
  report: CarrierReport,
  source: CarrierReportSource,
): { status: MessageStatus; carrierMessageId: string | null; errorCode: string | null } | null {
  const before = current.status as MessageStatus;
  const status = laterStatus(before, report.status);
  if (source === 'status-report' && status === before && current.carrierMessageId !== null) return null;
  const failureCode =
    status === 'failed' && (status !== before || source === 'answer')
      ? (report.errorCode ?? current.errorCode)
      : current.errorCode;
  return {
    status,
    carrierMessageId: current.carrierMessageId ?? report.carrierMessageId,
    errorCode: failureCode,
  };
}

/**
 * The one writer of a message's carrier status, in the caller's transaction (`current` read
 * `FOR UPDATE`). The status never moves backwards (`laterStatus`: a late `sent` after
 * `delivered` changes nothing; any carrier status replaces `unknown`); the carrier id, once
 * known, is kept; the error code is set when the message fails. Bumps `version` and
 * `updatedAt`. Returns the row as written, or null when nothing was written.
 */
export async function writeCarrierStatus(
  tx: Tx,
  current: MessageRow,
  report: CarrierReport,
  source: CarrierReportSource,
): Promise<MessageRow | null> {
  const fields = carrierStatusFields(current, report, source);
  if (!fields) return null;
  const [row] = await tx
    .update(messages)
    .set({ ...fields, version: sql`${messages.version} + 1`, updatedAt: new Date() })
    .where(eq(messages.id, current.id))
    .returning();
  return row ?? null;
}
