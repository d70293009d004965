import type { AddressKind, Channel, ConversationAttributes } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { conversations } from '../db/schema/conversations';
import { messages } from '../db/schema/messages';
import type { InboundText } from '../carriers/messaging/messaging-carrier';
import { newConversationSid } from '../modules/conversations/index';
import {
  authHeader,
  buildOrganization,
  buildTeam,
  buildUser,
  databaseOf,
  randomPhoneNumber,
  type InDatabase,
} from './factories';
import { accessTokenFor } from './signed-in';

/**
 * An organisation with one team (with a number) and a signed-in member (Marie Tremblay):
 * `jwt` and `headers` of her session. On the file's `useTestApp` app unless `app` is given.
 */
export async function buildInbox(app?: Parameters<typeof accessTokenFor>[1]) {
  const db = app?.deps.db;
  const org = await buildOrganization({ db });
  const team = await buildTeam({ db, organizationId: org.id });
  const user = await buildUser({
    db,
    organizationId: org.id,
    teamIds: [team.id],
    firstName: 'Marie',
    lastName: 'Tremblay',
  });
  const jwt = await accessTokenFor(user, app);
  return { org, team, user, jwt, headers: authHeader(jwt) };
}

/**
 * A conversation written straight to the table (test helper), with `messageBodies` as its
 * inbound messages (seq 1…n) and the given `updatedAt`; of `teamId` (of `organizationId`), or
 * of a new team (of `organizationId`, or of a new organisation).
 */
export async function buildConversation(
  input: {
    organizationId?: string;
    teamId?: string;
    /** The conversation's address (a random mobile number by default). */
    address?: string;
    /** The conversation's kind of address (phone by default). */
    channel?: AddressKind;
    /** The channel of its messages (sms by default). */
    messageChannel?: Channel;
    contactId?: string | null;
    status?: 'active' | 'inactive';
    attributes?: ConversationAttributes;
    updatedAt?: Date;
    messageBodies?: string[];
  } & InDatabase = {},
) {
  const db = databaseOf(input);
  const bodies = input.messageBodies ?? [];
  if (input.teamId && !input.organizationId)
    throw new Error('buildConversation: a teamId needs its organizationId');
  const team = input.teamId
    ? { id: input.teamId, organizationId: input.organizationId! }
    : await buildTeam({ db, organizationId: input.organizationId });
  const owner = { organizationId: team.organizationId, teamId: team.id };
  const [conv] = await db
    .insert(conversations)
    .values({
      sid: newConversationSid(),
      ...owner,
      contactId: input.contactId ?? null,
      channel: input.channel ?? 'phone',
      address: input.address ?? randomPhoneNumber(),
      status: input.status ?? 'active',
      attributes: input.attributes ?? {},
      lastSeq: bodies.length,
      updatedAt: input.updatedAt ?? new Date(),
    })
    .returning();
  if (bodies.length) {
    const rows = await db
      .insert(messages)
      .values(
        bodies.map((body, i) => ({
          organizationId: owner.organizationId,
          conversationId: conv!.id,
          seq: i + 1,
          channel: input.messageChannel ?? 'sms',
          author: conv!.address,
          from: conv!.address,
          to: '+15145550001',
          body,
          carrier: 'sandbox',
          carrierMessageId: crypto.randomUUID(),
          status: 'received',
          direction: 'inbound',
        })),
      )
      .returning();
    await db
      .update(conversations)
      .set({ lastMessageId: rows.at(-1)!.id })
      .where(eq(conversations.id, conv!.id));
  }
  return conv!;
}

/**
 * `buildInbox` with a conversation of its team, with `address` (a random mobile number
 * unless given; the sandbox carrier takes a number ending in 0000 for a landline).
 */
export async function buildInboxWithConversation(address?: string) {
  const inbox = await buildInbox();
  const conversation = await buildConversation({
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    ...(address ? { address } : {}),
  });
  return { ...inbox, conversation };
}

/**
 * `buildInbox` (Marie Tremblay signed in) with a second member of the team, Luc Gagnon (not
 * signed in), and a conversation of the team (assignment's tests).
 */
export async function buildTeamOfTwo() {
  const inbox = await buildInbox();
  const luc = await buildUser({
    organizationId: inbox.org.id,
    teamIds: [inbox.team.id],
    firstName: 'Luc',
    lastName: 'Gagnon',
  });
  const conv = await buildConversation({ organizationId: inbox.org.id, teamId: inbox.team.id });
  return { ...inbox, luc, conv };
}

/** An inbound text from a random number to `to`, with a fresh Twilio-like carrier id. */
export function inboundText(over: Partial<InboundText> & { to: string }): InboundText {
  return {
    carrier: 'twilio',
    carrierMessageId: `SM${crypto.randomUUID().replace(/-/g, '')}`,
    from: randomPhoneNumber(),
    body: 'Bonjour',
    media: [],
    ...over,
  };
}
