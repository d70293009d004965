import { catchUpAfterSeq, type Message, type MessagePage } from '@accueil/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { upsertMessage } from './stale-events';

/**
 * The cached messages of an open conversation: `pages[0]` is the newest page, each next page
 * holds older messages (loaded with `before=<oldest seq>`). Inside a page, oldest first.
 */
export type MessagesData = InfiniteData<MessagePage>;

/** Every cached message, oldest first. */
export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((p) => p.items);
}

/**
 * The `after=` of the catch-up after a reconnect (0 when nothing is held): the highest `seq`
 * held with no hole below it, from the oldest message loaded (`catchUpAfterSeq`). Not the
 * highest seq held: an event that arrived ahead of a lost one, or after the reconnect but
 * before the catch-up ran, would make the catch-up skip the lost message for good
 * (docs/behaviour/realtime.md, "Catch-up").
 */
export function lastSeq(data: MessagesData | undefined): number {
  return catchUpAfterSeq(flattenMessages(data).map((m) => m.seq));
}

/** True when the held seqs have a hole (a message between two held ones is missing). */
export function hasSeqHole(data: MessagesData | undefined): boolean {
  const seqs = flattenMessages(data).map((m) => m.seq);
  return seqs.length > 0 && catchUpAfterSeq(seqs) < Math.max(...seqs);
}

/**
 * Applies a `message:created` / `message:updated` (or a message the API answered) to the cache.
 * A message already held is replaced only by a higher `version`; a new one goes into the page
 * whose range holds its `seq` (the newest page by default). Returns `data` when nothing changed.
 */
export function applyMessageToMessages(
  data: MessagesData | undefined,
  message: Message,
): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  let pageIndex = data.pages.findIndex((p) => p.items.some((m) => m.id === message.id));
  if (pageIndex < 0) {
    pageIndex = data.pages.findIndex((p) => p.items.length > 0 && message.seq >= p.items[0]!.seq);
    if (pageIndex < 0) pageIndex = data.pages.at(-1)?.hasMore ? -1 : data.pages.length - 1;
    if (data.pages[0]!.items.length === 0) pageIndex = 0;
  }
  if (pageIndex < 0) return data; // older than anything loaded: it will come with an older page
  const page = data.pages[pageIndex]!;
  const items = upsertMessage(page.items, message);
  if (items === page.items) return data;
  const pages = [...data.pages];
  pages[pageIndex] = { ...page, items: [...items] };
  return { ...data, pages };
}

/** Applies every message of a catch-up answer (`messages?after=`, or the newest page again). */
export function mergeIntoMessages(
  data: MessagesData | undefined,
  incoming: readonly Message[],
): MessagesData | undefined {
  return incoming.reduce<MessagesData | undefined>((acc, m) => applyMessageToMessages(acc, m), data);
}
