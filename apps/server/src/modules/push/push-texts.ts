import type { Locale, PushPayload } from '@accueil/domain';

type Kind = PushPayload['kind'];

/**
 * A push's title and body in each language (docs/behaviour/notifications.md, "Web Push"), the
 * same words as the web's desktop notifications: who acted and the contact, never a message.
 */
const TEXTS: Record<Locale, Record<Kind, { title: string; body: string }>> = {
  'fr-CA': {
    assigned: {
      title: 'Conversation assignée à vous',
      body: '{by} vous a assigné la conversation avec {contact}',
    },
    mention: {
      title: 'On vous a mentionné',
      body: '{by} vous a mentionné dans la conversation avec {contact}',
    },
    'inbound-text': {
      title: 'Nouveau texto dans votre conversation',
      body: 'Un nouveau texto dans la conversation avec {contact}',
    },
  },
  'en-CA': {
    assigned: {
      title: 'Conversation assigned to you',
      body: '{by} assigned you the conversation with {contact}',
    },
    mention: { title: 'You were mentioned', body: '{by} mentioned you in the conversation with {contact}' },
    'inbound-text': {
      title: 'New text on your conversation',
      body: 'A new text in the conversation with {contact}',
    },
  },
  'fr-FR': {
    assigned: {
      title: 'Conversation qui vous est attribuée',
      body: '{by} vous a attribué la conversation avec {contact}',
    },
    mention: {
      title: 'Vous avez été mentionné',
      body: '{by} vous a mentionné dans la conversation avec {contact}',
    },
    'inbound-text': {
      title: 'Nouveau SMS dans votre conversation',
      body: 'Un nouveau SMS dans la conversation avec {contact}',
    },
  },
};

/** The title and body of a push of `kind` in `locale`, `by` and `contact` filled in. */
export function pushTexts(
  locale: Locale,
  kind: Kind,
  values: { by: string; contact: string },
): { title: string; body: string } {
  const { title, body } = TEXTS[locale][kind];
  return { title, body: body.replace('{by}', values.by).replace('{contact}', values.contact) };
}
