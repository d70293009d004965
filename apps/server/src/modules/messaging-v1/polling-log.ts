import {
  FRANCE_COUNTRY,
  POLLED_EVENT_NAMES,
  type PolledEventName,
  type PolledEventType,
  type RealtimeEvents,
} from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
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

/** How long a process trusts what it read of a team's country (ms): a country changed later is seen after this. */
export const TEAM_COUNTRY_CACHE_MS = 60_000;

/**
 * Whether each team's organisation is in France, as this process last read it, for
 * `TEAM_COUNTRY_CACHE_MS`: the publisher asks it for every inbox event of every organisation, and
 * a statement per event would serialise the ingest's announcements behind the database.
 */
class TeamCountryCache {
  private readonly entries = new Map<string, { france: boolean; until: number }>();
  /** True or false while fresh; undefined when never read or stale. */
  known(teamId: string): boolean | undefined {
    const entry = this.entries.get(teamId);
    return entry && entry.until > Date.now() ? entry.france : undefined;
  }
  remember(teamId: string, france: boolean): void {
    // Bounded by the installation's teams; cleared whole past a size no installation reaches.
    if (this.entries.size > 100_000) this.entries.clear();
    this.entries.set(teamId, { france, until: Date.now() + TEAM_COUNTRY_CACHE_MS });
  }
}

/** Whether team `teamId`'s organisation is in France (false for an unknown team). */
async function isTeamInFrance(deps: CoreDeps, teamId: string): Promise<boolean> {
  return withSystemAccess('polling-log', async () => {
    const [row] = await deps.db
      .select({ country: organizations.country })
      .from(teams)
      .innerJoin(organizations, eq(organizations.id, teams.organizationId))
      .where(eq(teams.id, teamId))
      .limit(1);
    return row?.country === FRANCE_COUNTRY;
  });
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
 * Whether a team's organisation is in France is read once a minute per team and process
 * (`TeamCountryCache`): an event of an organisation elsewhere costs no statement. For a French
 * one, the one statement reads the team's organisation and its country again (tables of the
 * teams and organizations modules, read here in the write itself) and takes the next number by
 * updating the organisation's counter row, locked until the statement commits: numbers are
 * therefore given in commit order.
 */
export function withPollingLog(publisher: RealtimePublisher, deps: CoreDeps): PollingLogPublisher {
  let queue: Promise<void> = Promise.resolve();
  const france = new TeamCountryCache();

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
      // Most organisations are not in France: their events cost no statement once their team is known.
      if (france.known(team) === false) return;
      const type = polledEventType(name, payload as RealtimeEvents[PolledEventName]);
      queue = queue
        .then(async () => {
          if (france.known(team) === undefined) france.remember(team, await isTeamInFrance(deps, team));
          if (france.known(team)) await write(team, name, payload, type);
        })
        .catch((err: unknown) => deps.log.error({ err, event, room }, 'polled event not kept'));
    },
    publishIn: (namespace, room, event, payload) => publisher.publishIn(namespace, room, event, payload),
    moveSockets: (room, change) => publisher.moveSockets(room, change),
    health: () => publisher.health(),
    flushed: () => queue,
  };
}
