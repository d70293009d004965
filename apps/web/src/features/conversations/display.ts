import type { Conversation, Message } from '@accueil/domain';
import type { IntlShape } from 'react-intl';
import { formatPhone } from '../../lib/format';

/** The name a conversation is shown under: the contact's name, else its number `(AAA) BBB-CCCC`. */
export function conversationTitle(conversation: Conversation): string {
  const name = conversation.contact?.fullname?.trim();
  return name || formatPhone(conversation.friendlyName);
}

/** One-line preview of a message for the list (body, else the attachment notice). */
export function messagePreview(message: Message | null, intl: IntlShape): string {
  if (!message) return intl.formatMessage({ id: 'conversations.list.noMessage' });
  const body = message.body.replace(/\s+/g, ' ').trim();
  const text = body || (message.media.length > 0 ? intl.formatMessage({ id: 'conversations.message.attachment' }) : '');
  return message.direction === 'outbound' ? intl.formatMessage({ id: 'conversations.list.youPrefix' }, { text }) : text;
}
