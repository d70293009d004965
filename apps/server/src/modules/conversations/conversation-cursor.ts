import { AppError, type ConversationStatus, type ListConversationsQuery } from '@accueil/domain';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { conversations } from '../../db/schema/conversations';

/**
 * A real instant PostgreSQL accepts (a forged cursor's 2020-02-30 or year 0 would make the
 * query fail with a 500): the date round-trips through `Date` unchanged, from year 1.
 */
function isRealInstant(u: string): boolean {
  const ms = Date.parse(`${u.slice(0, 23)}Z`);
  return (
    !Number.isNaN(ms) &&
    u.slice(0, 4) !== '0000' &&
    new Date(ms).toISOString().slice(0, 19) === u.slice(0, 19)
  );
}

/**
 * The keyset cursor: the last row's sort key (`s` its status, only when both lists are read;
 * `p` pinned, only for active; `u` exact updated_at; `i` id).
 */
const cursorSchema = z.object({
  s: z.enum(['active', 'inactive']).optional(),
  p: z.boolean().optional(),
  u: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
    .refine(isRealInstant),
  i: z.uuid(),
});
/** A decoded keyset cursor. */
export type Cursor = z.infer<typeof cursorSchema>;

/** The opaque cursor text of `c` (base64url JSON). */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/**
 * The cursor of a list (`all`: both lists; `snoozed` walks like the archived one), with `s` the
 * list it points into.
 * @throws AppError 'validation-failed' when the cursor was not made by this server for that list.
 */
export function decodeCursor(
  raw: string,
  list: ListConversationsQuery['status'],
): Omit<Cursor, 's'> & { s: ConversationStatus | 'snoozed' } {
  try {
    const c = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    const status = list === 'all' ? c.s : list;
    if (!status || (list !== 'all' && c.s !== undefined)) throw new Error('made for another list');
    if (status === 'active' && c.p === undefined) throw new Error('pinned missing');
    return { ...c, s: status };
  } catch {
    throw new AppError('validation-failed', 'Invalid cursor', { field: 'cursor' });
  }
}

/**
 * The Mentions view's cursor (`u`: the last row's newest mention, exact; `i` its id), read
 * whatever the status (docs/behaviour/notes-and-presence.md).
 * @throws AppError 'validation-failed' when the cursor was not made by this server for that view.
 */
export function decodeMentionCursor(raw: string): Cursor {
  try {
    const c = cursorSchema.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (c.s !== undefined || c.p !== undefined) throw new Error('made for another list');
    return c;
  } catch {
    throw new AppError('validation-failed', 'Invalid cursor', { field: 'cursor' });
  }
}

/**
 * The rows after cursor `c` in the list's order: (pinned, updated_at, id) for active
 * conversations, (updated_at, id) for inactive ones, compared as row values.
 */
export function afterCursor(c: Pick<Cursor, 'p' | 'u' | 'i'>, status: 'active' | 'inactive'): SQL {
  if (status === 'active') {
    return sql`(${conversations.pinned}, ${conversations.updatedAt}, ${conversations.id}) < (${c.p ?? false}, ${c.u}::timestamptz, ${c.i}::uuid)`;
  }
  return sql`(${conversations.updatedAt}, ${conversations.id}) < (${c.u}::timestamptz, ${c.i}::uuid)`;
}
