import type { AddressKind } from '@accueil/domain';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';

/**
 * A conversation's identity, (team, channel, address): the columns of the unique index
 * `conversations_team_channel_address_uq` (live conversations only), the target of every
 * "create or find" upsert (docs/behaviour/conversations.md, "Channels").
 */
export const CONVERSATION_IDENTITY = [conversations.teamId, conversations.channel, conversations.address];

/**
 * The conversations talking to `address` on the `channel` kind of address (phone by default:
 * texts and calls share a thread). `address` is normalised (E.164 or a marker for a phone, lower
 * case for an e-mail), as stored. One address, or any of several.
 */
export function withAddress(address: string | readonly string[], channel: AddressKind = 'phone'): SQL {
  const matches =
    typeof address === 'string'
      ? eq(conversations.address, address)
      : inArray(conversations.address, [...address]);
  return and(eq(conversations.channel, channel), matches)!;
}
