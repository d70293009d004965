import type { Conversation } from '@accueil/domain';

/**
 * A conversation as the REST views show it, without its `labels`: what an inbound text's
 * announcement (`message:created`) carries. It leaves the labels out by design (an inbound text
 * never changes them; the web keeps the row's: docs/behaviour/labels.md), so a test comparing an
 * announcement with the REST view compares every other field.
 */
export function asAnnounced(view: Conversation): Omit<Conversation, 'labels'> {
  const { labels: _labels, ...announced } = view;
  return announced;
}
