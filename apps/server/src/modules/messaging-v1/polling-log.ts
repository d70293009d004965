import {
  FRANCE_COUNTRY,
  POLLED_EVENT_NAMES,
  type PolledEventName,
  type PolledEventType,
  type RealtimeEvents,
} from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import { organizations } from '../../db/schema/organizations';
import { pollingCounters, pollingEvents } from '../../db/schema/polling';
import { teams } from '../../db/schema/teams';
import { withSystemAccess } from '../../db/tenant-scope';
import type { RealtimePublisher } from '../../realtime/publisher';

const TEAM_ROOM = /^team:([0-9a-f-]{36})$/;
const polled = new Set<string>(POLLED_EVENT_NAMES);

/** The spec's kind of a polled event (docs/behaviour/france.md, "Polling"). */
export function polledEventType<K extends PolledEventName>(
  name: K,
  payload: RealtimeEvents[K],
): PolledEventType {
  if (name === 'message:created') return 'create';
  if (name === 'conversation:removed') return 'remove';
  if (
    name === 'message:updated' &&
    (payload as RealtimeEvents['message:updated']).message.status === 'failed'
  )
    return 'error';
  return 'update';
}

/** A publisher that also keeps French organisations' inbox events for polling, and what it has still to write. */
export type PollingLogPublisher = RealtimePublisher & {
  /** Resolves once every event published so far is written (tests, shutdown). */
  flushed: () => Promise<void>;
};

/**
 * Wraps the realtime publisher: every inbox event published to a team's room (`POLLED_EVENT_NAMES`)
 * is also written to `polling_events` when the team's organisation is in France, numbered in the
 * organisation's sequence (docs/behaviour/france.md, "Polling"). Publishing stays synchronous and
 * after the commit, as before; the writes run one at a time in publishing order, so a process's
 * events keep their order in the sequence. A failed write is logged (the change is committed;
 * the client's reconnect-style reload makes it good only on a `reset`, hence the log level).
 *
 * The one statement reads the team's organisation and its country (tables of the teams and
 * organizations modules, read here in the write itself: one round trip per event, and none
 * written for organisations elsewhere) and takes the next number by updating the organisation's
 * counter row, locked until the statement commits: numbers are therefore given in commit order.
 */
export function withPollingLog(publisher: RealtimePublisher, deps: CoreDeps): PollingLogPublisher {
  let queue: Promise<void> = Promise.resolve();

  const write = (teamId: string, name: PolledEventName, payload: unknown, type: PolledEventType) =>
    withSystemAccess('polling-log', async () => {
      await deps.db.execute(sql`
        WITH org AS (
          SELECT t.organization_id FROM ${teams} t JOIN ${organizations} o ON o.id = t.organization_id
          WHERE t.id = ${teamId} AND o.country = ${FRANCE_COUNTRY}
        ), counter AS (
          INSERT INTO ${pollingCounters} (organization_id, last_seq)
          SELECT organization_id, 1 FROM org
          ON CONFLICT (organization_id) DO UPDATE SET last_seq = ${pollingCounters}.last_seq + 1
          RETURNING organization_id, last_seq
        )
        INSERT INTO ${pollingEvents} (organization_id, seq, team_id, type, name, payload)
        SELECT organization_id, last_seq, ${teamId}, ${type}, ${name}, ${JSON.stringify(payload)}::jsonb
        FROM counter`);
    });

  return {
    publish(room, event, payload) {
      publisher.publish(room, event, payload);
      const team = TEAM_ROOM.exec(room)?.[1];
      if (team === undefined || !polled.has(event)) return;
      const name = event as PolledEventName;
      const type = polledEventType(name, payload as RealtimeEvents[PolledEventName]);
      queue = queue
        .then(() => write(team, name, payload, type))
        .catch((err: unknown) => deps.log.error({ err, event, room }, 'polled event not kept'));
    },
    publishIn: (namespace, room, event, payload) => publisher.publishIn(namespace, room, event, payload),
    moveSockets: (room, change) => publisher.moveSockets(room, change),
    health: () => publisher.health(),
    flushed: () => queue,
  };
}
