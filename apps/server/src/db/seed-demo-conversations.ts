import type { ConversationAttributes } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { newConversationSid } from '../modules/conversations/index';
import type { ScriptLine } from './seed-demo-data';
import type { contacts, conversations, messages, teams } from './schema/index';

/** A staff member who signs outbound demo messages. */
export type SeedParty = { userId: string; username: string; name: string };
type ContactRow = typeof contacts.$inferSelect;
type Planned = {
  conversation: typeof conversations.$inferInsert;
  messages: (typeof messages.$inferInsert)[];
};
type Counterpart = {
  number: string;
  contact: ContactRow | null;
  script: ScriptLine[] | null;
  attributes: ConversationAttributes;
};

const ANONYMOUS_SCRIPT: ScriptLine[] = [
  { dir: 'in', body: 'Bonjour, je voudrais confirmer mon rendez-vous de jeudi. Merci!' },
];
const EMERGENCY_SCRIPT: ScriptLine[] = [
  { dir: 'in', body: 'Rappel du centre d’urgence 9-1-1 concernant l’appel de 10 h 42 depuis vos locaux.' },
];
const MINUTE_MS = 60_000;

/** How long before `now` conversation `i` last moved: three today, then spread over ~5 weeks. */
function minutesAgo(i: number, offset: number): number {
  return i < 3 ? 7 + i * 47 + offset * 90 : i * 33 * 60 + ((i * 137 + offset * 211) % 600);
}

function counterparts(input: {
  contacts: ContactRow[];
  unknownNumbers: string[];
  specials: boolean;
}): Counterpart[] {
  const list: Counterpart[] = input.contacts.map((c) => ({
    number: c.phone!,
    contact: c,
    script: null,
    attributes: {},
  }));
  const unknown = input.unknownNumbers.map((number): Counterpart => ({
    number,
    contact: null,
    script: null,
    attributes: {},
  }));
  // Interleave the unusual ones so they show up on the first screen of the list.
  list.splice(2, 0, ...unknown.slice(0, 1));
  list.splice(9, 0, ...unknown.slice(1));
  if (input.specials) {
    list.splice(4, 0, { number: 'anonymous', contact: null, script: ANONYMOUS_SCRIPT, attributes: {} });
    list.splice(13, 0, {
      number: '+1911',
      contact: null,
      script: EMERGENCY_SCRIPT,
      attributes: { isCall: true, direction: 'inbound' },
    });
  }
  return list;
}

/**
 * Plans the demo conversations of one team, newest first: each with its messages (seq 1…n,
 * both directions, `received`/`delivered`), `lastSeq`, `lastMessageId`, `updatedAt` of the
 * newest message; every sixth archived, a few pinned, unread ones when the contact spoke last.
 */
export function buildConversations(input: {
  organizationId: string;
  team: typeof teams.$inferSelect;
  staff: SeedParty[];
  contacts: ContactRow[];
  unknownNumbers: string[];
  specials: boolean;
  scripts: ScriptLine[][];
  now: Date;
  offset: number;
}): Planned[] {
  const teamNumber = input.team.phoneNumber!;
  return counterparts(input).map((party, i) => {
    const id = randomUUID();
    const script = party.script ?? input.scripts[(i + input.offset) % input.scripts.length]!;
    const lastAt = input.now.getTime() - minutesAgo(i, input.offset) * MINUTE_MS;
    const gaps = script.map((_, j) => (11 + ((j * 53 + i * 17) % 170)) * MINUTE_MS);
    let at = lastAt - gaps.slice(1).reduce((a, b) => a + b, 0);
    const name = party.contact ? `${party.contact.firstName} ${party.contact.lastName}` : null;
    const rows = script.map((line, j): typeof messages.$inferInsert => {
      if (j > 0) at += gaps[j]!;
      const body = party.contact
        ? line.body.replaceAll('{p}', party.contact.firstName)
        : line.body.replaceAll(' {p}', '');
      const staff = input.staff[(i + j) % input.staff.length]!;
      const inbound = line.dir === 'in';
      return {
        id: randomUUID(),
        organizationId: input.organizationId,
        conversationId: id,
        seq: j + 1,
        version: 1,
        author: inbound ? party.number : staff.username,
        authorName: inbound ? name : staff.name,
        authorUserId: inbound ? null : staff.userId,
        from: inbound ? party.number : teamNumber,
        to: inbound ? teamNumber : party.number,
        body,
        carrier: 'sandbox',
        carrierMessageId: `SMdemo${randomUUID().replaceAll('-', '')}`,
        status: inbound ? 'received' : 'delivered',
        direction: inbound ? 'inbound' : 'outbound',
        channel: 'sms',
        createdAt: new Date(at),
        updatedAt: new Date(at),
      };
    });
    const archived = i % 6 === 5;
    const lastInbound = script[script.length - 1]!.dir === 'in';
    const attributes: ConversationAttributes = {
      ...party.attributes,
      ...(!archived && (i === 1 || i === 6) ? { pinned: true } : {}),
      hasNotification: lastInbound && (archived ? i === 5 : i % 3 !== 2),
    };
    const last = rows[rows.length - 1]!;
    return {
      conversation: {
        id,
        sid: newConversationSid(),
        organizationId: input.organizationId,
        teamId: input.team.id,
        contactId: party.contact?.id ?? null,
        address: party.number,
        status: archived ? 'inactive' : 'active',
        attributes,
        version: 1,
        lastSeq: rows.length,
        lastMessageId: last.id!,
        createdAt: rows[0]!.createdAt!,
        updatedAt: last.createdAt!,
      },
      messages: rows,
    };
  });
}
