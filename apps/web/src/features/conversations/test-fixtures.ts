import type { Conversation, ConversationPage, Message } from '@accueil/domain';
import type { ListData } from './list-cache';
import type { MessagesData } from './message-cache';

let counter = 0;
/** A uuid-shaped id, unique per call, ordered by creation. */
export function fakeId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

const ORG = '11111111-1111-4111-8111-111111111111';
const TEAM = '22222222-2222-4222-8222-222222222222';

/** A conversation with sensible defaults for tests. */
export function buildConversation(overrides: Partial<Conversation> = {}): Conversation {
  const id = overrides.id ?? fakeId();
  return {
    id,
    sid: id,
    friendlyName: '+15145550101',
    organizationId: ORG,
    userGroupId: TEAM,
    contact: null,
    status: 'active',
    attributes: {},
    version: 1,
    lastSeq: 0,
    lastMessage: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

/** A message with sensible defaults for tests. */
export function buildMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: fakeId(),
    conversationId: overrides.conversationId ?? fakeId(),
    seq: 1,
    version: 1,
    author: '+15145550101',
    authorName: null,
    from: '+15145550101',
    to: '+15145550000',
    body: 'Bonjour',
    messageSid: null,
    status: 'received',
    errorCode: null,
    direction: 'inbound',
    type: 'text',
    media: [],
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

/** Infinite list data from pages of conversations. */
export function listData(pages: Conversation[][], lastCursor: string | null = null): ListData {
  const built: ConversationPage[] = pages.map((items, i) => ({
    items,
    nextCursor: i < pages.length - 1 ? `cursor-${i + 1}` : lastCursor,
  }));
  return { pages: built, pageParams: built.map((_, i) => (i === 0 ? undefined : `cursor-${i}`)) };
}

/** Infinite messages data; `pages[0]` newest. */
export function messagesData(pages: Message[][], hasMoreOlder = false): MessagesData {
  return {
    pages: pages.map((items, i) => ({ items, hasMore: i < pages.length - 1 || hasMoreOlder })),
    pageParams: pages.map((p, i) => (i === 0 ? undefined : pages[i - 1]![0]?.seq)),
  };
}
