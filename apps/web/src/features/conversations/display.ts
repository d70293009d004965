import { isAnonymousNumber, isEmergencyNumber, type Conversation, type Message } from '@accueil/domain';
import type { IntlShape } from 'react-intl';
import { formatPhone } from '../../lib/format';

/**
 * The name a conversation is shown under: the contact's name, else its number
 * `(AAA) BBB-CCCC`; a withheld number reads "Numéro masqué", an emergency number says so.
 */
export function conversationTitle(conversation: Conversation, intl: IntlShape): string {
  const name = conversation.contact?.fullname?.trim();
  if (name) return name;
  const phone = conversation.friendlyName;
  if (isAnonymousNumber(phone)) return intl.formatMessage({ id: 'conversations.avatar.anonymous' });
  if (isEmergencyNumber(phone)) return intl.formatMessage({ id: 'conversations.title.emergency' }, { phone });
  return formatPhone(phone);
}

/** One-line preview of a message for the list (body, else the attachment notice). */
export function messagePreview(message: Message | null, intl: IntlShape): string {
  if (!message) return intl.formatMessage({ id: 'conversations.list.noMessage' });
  const body = message.body.replace(/\s+/g, ' ').trim();
  const text =
    body || (message.media.length > 0 ? intl.formatMessage({ id: 'conversations.message.attachment' }) : '');
  return message.direction === 'outbound'
    ? intl.formatMessage({ id: 'conversations.list.youPrefix' }, { text })
    : text;
}
