import { and, getTableColumns, inArray, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
// One of the two reads across modules' tables that eslint.config.js allows (see insertInbound).
import { contacts } from '../../db/schema/contacts';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import type { ContactRow } from '../contacts/index';
import type { ConversationRow } from '../conversations/index';
import type { MessageRow } from './messages.presenter';

/** What the inbound statement writes. */
export type InboundInsert = {
  /** The message's id, chosen here so the conversation can point at it in the same statement. */
  messageId: string;
  /** The id of its `message.received` domain event, chosen here like the message's. */
  eventId: string;
  /**
   * True when no queued subscriber listens to `message.received`: the event is written already
   * delivered (nothing for the sweeper to send), else undelivered, for its delivery job.
   */
  eventDelivered: boolean;
  conversationSid: string;
  from: string;
  to: string;
  body: string;
  carrier: string;
  carrierMessageId: string;
  media: unknown;
  now: Date;
};

/** The rows as committed: the conversation, its new message and the conversation's contact. */
export type InboundRows = { conversation: ConversationRow; message: MessageRow; contact: ContactRow | null };

type Reader = (json: Record<string, unknown>) => Record<string, unknown>;

/**
 * The reader that turns a row of `table` returned as `to_jsonb(alias)` back into the table's row
 * type, each column through its own driver mapping (timestamps, jsonb), as Drizzle's query
 * builder would. One jsonb column per table instead of one column per field: the driver then
 * describes and parses 4 columns per text instead of 46 (≈ 5 % of the server's CPU per text at
 * 1,000/s, docs/benchmarks.md). Built once per table.
 */
function readerOf(table: PgTable): Reader {
  const cols = Object.entries(getTableColumns(table)) as [string, Column][];
  return (json) => {
    const out: Record<string, unknown> = {};
    for (const [key, col] of cols) {
      const value = json[col.name];
      out[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
    }
    return out;
  };
}

const conv = readerOf(conversations);
const msg = readerOf(messages);
const contact = readerOf(contacts);
const selectList = sql.raw('to_jsonb(conv) AS "c", to_jsonb(msg) AS "m", to_jsonb(ct) AS "k"');

/**
 * The characters JavaScript's `String.prototype.trim` removes (WhiteSpace and LineTerminator),
 * so the SQL `btrim` gives the same `authorName` as `presentContact(contact).fullname`.
 */
const JS_TRIM_CHARS =
  ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

const notified = sql`'{"hasNotification": true}'::jsonb`;

/**
 * An existing (team, phone, number) conversation that is not deleted takes the text (a deleted one
 * stays deleted: the text starts a new conversation; docs/behaviour/conversations.md): next seq under the row lock,
 * reactivated and woken from a snooze (docs/behaviour/snooze.md), unread, linked to the found contact when it has none, version + 1, pointing at
 * the new message. Shared by the one-text and the batched statement.
 */
const upsertConversation = sql`ON CONFLICT (team_id, channel, friendly_name) WHERE deleted_at IS NULL DO UPDATE SET
        last_seq = conversations.last_seq + 1,
        version = conversations.version + 1,
        status = 'active',
        snoozed_until = NULL,
        snoozed_by = NULL,
        attributes = conversations.attributes || ${notified},
        contact_id = coalesce(conversations.contact_id, excluded.contact_id),
        last_message_id = excluded.last_message_id,
        updated_at = excluded.updated_at
      RETURNING *`;

/**
 * The whole inbound write as ONE statement (one round trip, atomic without an explicit
 * transaction): finds the team that has the number `to` (teams_phone_number_uq) and its
 * organisation's contact with the sender's phone among its `contact_addresses` (oldest contact
 * first), upserts the (team, phone, number) conversation — creates it, or takes the
 * next seq under the row lock, reactivates it, marks it unread, links that contact when it has
 * none, bumps its version — inserts the message (channel sms) with that seq (author name: the contact's full
 * name, as `presentContact`), points the conversation at it, records its `message.received` domain
 * event in the outbox (`eventId`; written delivered when `eventDelivered`), and reads the
 * conversation's contact.
 * It reads the teams, contact_addresses and contacts tables and writes the conversations table directly, against
 * the rule that a module goes through the other's public use cases: each look-up through them
 * was one more round trip per inbound text, and the ingest benchmark (docs/benchmarks.md) is
 * bound by round trips. eslint.config.js names this file in its allow-list for that reason.
 * Resolves with null when no team has the number (nothing written).
 * A second delivery of a stored carrier id violates `messages_carrier_id_uq`: the statement
 * fails and nothing of it is kept (see `isDuplicateCarrierId`). A named prepared statement on
 * PostgreSQL (planned once per connection: the plan of this upsert costs more than running it).
 */
export async function insertInbound(db: Database, v: InboundInsert): Promise<InboundRows | null> {
  const [row] = await executePrepared(
    db,
    'accueil_inbound_text_v6',
    sql`
    WITH team AS (
      SELECT id, organization_id FROM teams WHERE phone_number = ${v.to}::text LIMIT 1
    ), found AS (
      SELECT c.id, nullif(btrim(c.first_name || ' ' || c.last_name, ${JS_TRIM_CHARS}::text), '') AS author_name
      FROM team JOIN contact_addresses a ON a.organization_id = team.organization_id AND a.kind = 'phone' AND a.address = ${v.from}::text
      JOIN contacts c ON c.id = a.contact_id AND c.organization_id = a.organization_id
      ORDER BY c.created_at, c.id LIMIT 1
    ), conv AS (
      INSERT INTO conversations (sid, organization_id, team_id, contact_id, channel, friendly_name, attributes, last_seq, last_message_id, updated_at)
      SELECT ${v.conversationSid}::text, team.organization_id, team.id, (SELECT id FROM found), 'phone', ${v.from}::text, ${notified}, 1, ${v.messageId}::uuid,
        ${v.now.toISOString()}::timestamptz
      FROM team
      ${upsertConversation}
    ), msg AS (
      INSERT INTO messages (id, organization_id, conversation_id, seq, channel, author, author_name, "from", "to", body, carrier, carrier_message_id, status, direction, media)
      SELECT ${v.messageId}::uuid, conv.organization_id, conv.id, conv.last_seq, 'sms', ${v.from}::text, (SELECT author_name FROM found), ${v.from}::text, ${v.to}::text,
        ${v.body}::text, ${v.carrier}::text, ${v.carrierMessageId}::text, 'received', 'inbound', ${JSON.stringify(v.media)}::jsonb
      FROM conv
      RETURNING *
    ), ev AS (
      INSERT INTO domain_events (id, organization_id, name, actor_user_id, payload, occurred_at, delivered_at)
      SELECT ${v.eventId}::uuid, msg.organization_id, 'message.received', NULL,
        jsonb_build_object('conversationId', msg.conversation_id, 'messageId', msg.id), ${v.now.toISOString()}::timestamptz,
        CASE WHEN ${v.eventDelivered}::boolean THEN ${v.now.toISOString()}::timestamptz END
      FROM msg
    )
    SELECT ${selectList}
    FROM conv JOIN msg ON msg.conversation_id = conv.id
    LEFT JOIN contacts ct ON ct.id = conv.contact_id AND ct.organization_id = conv.organization_id`,
  );
  return row ? readRows(row) : null;
}

/**
 * The inbound write of several texts as ONE statement: what `insertInbound` does for one,
 * for each of `values` (a group commit: one plan, one executor start, one commit and one WAL
 * flush for the lot — docs/benchmarks.md, "Group commit"). The texts travel as one jsonb array
 * (`jsonb_to_recordset`), the same on PostgreSQL and PGlite. Resolves with one entry per text,
 * in the order of `values`: its rows, or null when no team has its number.
 * Preconditions (the caller's, see `InboundWriter`): no two texts of the batch go to the same
 * conversation (same `to` and `from`) — PostgreSQL refuses to update one row twice in one
 * statement —, and `values` is sorted by (`to`, `from`) so that concurrent batches lock
 * conversations in one order (no deadlock between them).
 * @throws like `insertInbound`: a carrier id already stored (or twice in the batch) fails the
 * whole statement and nothing of it is kept; the caller then writes the texts one by one.
 */
export async function insertInboundBatch(
  db: Database,
  values: readonly InboundInsert[],
): Promise<(InboundRows | null)[]> {
  const input = JSON.stringify(
    values.map((v, ord) => ({
      ord,
      message_id: v.messageId,
      event_id: v.eventId,
      event_delivered: v.eventDelivered,
      sid: v.conversationSid,
      from: v.from,
      to: v.to,
      body: v.body,
      carrier: v.carrier,
      carrier_message_id: v.carrierMessageId,
      media: v.media ?? null,
      received_at: v.now.toISOString(),
    })),
  );
  const rows = await executePrepared(
    db,
    'accueil_inbound_texts_v6',
    sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS i(ord int, message_id uuid, event_id uuid, event_delivered boolean, sid text, "from" text, "to" text, body text,
        carrier text, carrier_message_id text, media jsonb, received_at timestamptz)
    ), team AS (
      SELECT DISTINCT ON (i.ord) i.ord, t.id, t.organization_id FROM input i JOIN teams t ON t.phone_number = i."to"
      ORDER BY i.ord, t.id
    ), found AS (
      SELECT DISTINCT ON (team.ord) team.ord, c.id, nullif(btrim(c.first_name || ' ' || c.last_name, ${JS_TRIM_CHARS}::text), '') AS author_name
      FROM team JOIN input i ON i.ord = team.ord
      JOIN contact_addresses a ON a.organization_id = team.organization_id AND a.kind = 'phone' AND a.address = i."from"
      JOIN contacts c ON c.id = a.contact_id AND c.organization_id = a.organization_id
      ORDER BY team.ord, c.created_at, c.id
    ), conv AS (
      INSERT INTO conversations (sid, organization_id, team_id, contact_id, channel, friendly_name, attributes, last_seq, last_message_id, updated_at)
      SELECT i.sid, team.organization_id, team.id, found.id, 'phone', i."from", ${notified}, 1, i.message_id, i.received_at
      FROM input i JOIN team ON team.ord = i.ord LEFT JOIN found ON found.ord = i.ord
      ORDER BY i.ord
      ${upsertConversation}
    ), msg AS (
      INSERT INTO messages (id, organization_id, conversation_id, seq, channel, author, author_name, "from", "to", body, carrier, carrier_message_id, status, direction, media)
      SELECT i.message_id, conv.organization_id, conv.id, conv.last_seq, 'sms', i."from", found.author_name, i."from", i."to",
        i.body, i.carrier, i.carrier_message_id, 'received', 'inbound', i.media
      FROM conv JOIN input i ON i.message_id = conv.last_message_id LEFT JOIN found ON found.ord = i.ord
      RETURNING *
    ), ev AS (
      INSERT INTO domain_events (id, organization_id, name, actor_user_id, payload, occurred_at, delivered_at)
      SELECT i.event_id, msg.organization_id, 'message.received', NULL,
        jsonb_build_object('conversationId', msg.conversation_id, 'messageId', msg.id), i.received_at,
        CASE WHEN i.event_delivered THEN i.received_at END
      FROM msg JOIN input i ON i.message_id = msg.id
    )
    SELECT i.ord AS "ord", ${selectList}
    FROM conv JOIN msg ON msg.conversation_id = conv.id JOIN input i ON i.message_id = msg.id
    LEFT JOIN contacts ct ON ct.id = conv.contact_id AND ct.organization_id = conv.organization_id`,
  );
  const out: (InboundRows | null)[] = values.map(() => null);
  for (const row of rows) out[Number(row.ord)] = readRows(row);
  return out;
}

/** The three rows of one text out of the statement's row (one jsonb column per table; both drivers parse jsonb). */
function readRows(row: Record<string, unknown>): InboundRows {
  const k = row.k as Record<string, unknown> | null;
  return {
    conversation: conv(row.c as Record<string, unknown>) as ConversationRow,
    message: msg(row.m as Record<string, unknown>) as MessageRow,
    contact: k ? (contact(k) as ContactRow) : null,
  };
}

/** The key of a (carrier, carrier id) pair in `storedMessageIds`' answer. */
export function carrierKey(v: { carrier: string; carrierMessageId: string | null }): string {
  return `${v.carrier}\n${v.carrierMessageId}`;
}

/**
 * The messages already stored under these (carrier, carrier id) pairs — retries of texts
 * already stored (a carrier that got no 2xx in time, or a server killed between commit and
 * answer) — as a map from `carrierKey` to the message's id; pairs not stored are absent. One
 * statement on `messages_carrier_id_uq` (both columns as arrays, the exact pairs matched here).
 */
export async function storedMessageIds(
  db: Database,
  pairs: readonly { carrier: string; carrierMessageId: string }[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: messages.id, carrier: messages.carrier, carrierMessageId: messages.carrierMessageId })
    .from(messages)
    .where(
      and(
        inArray(messages.carrier, [...new Set(pairs.map((v) => v.carrier))]),
        inArray(
          messages.carrierMessageId,
          pairs.map((v) => v.carrierMessageId),
        ),
      ),
    );
  const wanted = new Set(pairs.map(carrierKey));
  return new Map(rows.filter((r) => wanted.has(carrierKey(r))).map((r) => [carrierKey(r), r.id]));
}

/** True when `err` (or its cause: Drizzle wraps driver errors) is the unique violation of a carrier id stored twice. */
export function isDuplicateCarrierId(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'messages_carrier_id_uq') return true;
  }
  return false;
}
