import { z } from 'zod';
import { AppError, assertUnreachable } from '../errors';

/**
 * The channels a message travels on (docs/behaviour/conversations.md, "Channels"): a text
 * (`sms`, MMS included), a phone call (`voice`) or an e-mail (`email`). The sandbox, Twilio,
 * SMTP… are carriers of a channel, never channels.
 */
export const CHANNELS = ['sms', 'voice', 'email'] as const;
export const channelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof channelSchema>;

/**
 * The kinds of address a contact is reached at, which are also a conversation's channel: a
 * conversation is (team, address kind, address), so texts and calls with one phone number share
 * one thread (`phone`), and an e-mail address has its own (`email`). As Chatwoot's
 * `contact_inbox.source_id`, the address is stored normalised: E.164 for a phone (or an
 * anonymous or emergency marker as the carrier gave it), lower case for an e-mail.
 */
export const ADDRESS_KINDS = ['phone', 'email'] as const;
export const addressKindSchema = z.enum(ADDRESS_KINDS);
export type AddressKind = z.infer<typeof addressKindSchema>;

/** The kind of address a message's channel reaches: texts and calls a phone, e-mails a mailbox. */
export function addressKindOf(channel: Channel): AddressKind {
  switch (channel) {
    case 'sms':
    case 'voice':
      return 'phone';
    case 'email':
      return 'email';
    default:
      return assertUnreachable(channel);
  }
}

/** The spec's message `type` of a channel: `email` for an e-mail, `text` for the rest. */
export function messageTypeOf(channel: Channel): 'text' | 'email' {
  return channel === 'email' ? 'email' : 'text';
}

const emailAddressSchema = z.email();

/** True when `value` (trimmed) is an e-mail address, which a phone number never is. */
export function isEmailAddress(value: string): boolean {
  return emailAddressSchema.safeParse(value.trim()).success;
}

/**
 * The refusal of a text or a call to an address that is not a phone (an e-mail conversation,
 * an e-mail address dialled): 422 `address-not-phone`, localised by the web app.
 */
export function addressNotPhone(): AppError {
  return new AppError('address-not-phone', 'This address is an e-mail: it cannot receive texts or calls');
}
