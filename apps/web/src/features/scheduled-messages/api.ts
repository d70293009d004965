import {
  scheduledMessageEndpoints as endpoints,
  type CreateScheduledMessageRequest,
  type ScheduledMessage,
  type UpdateScheduledMessageRequest,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';
import { formatDate } from '../../lib/format';

/** Query keys of the scheduled messages, all under `['scheduled-messages']`. */
export const scheduledKeys = {
  all: ['scheduled-messages'] as const,
  list: (conversationId: string | null) => ['scheduled-messages', 'list', conversationId ?? 'team'] as const,
};

/** GET /api/scheduled-messages — the current team's, or one conversation's; soonest first. */
export async function fetchScheduledMessages(
  conversationId: string | null,
  signal?: AbortSignal,
): Promise<ScheduledMessage[]> {
  const page = await api.call(endpoints.list, {
    query: { conversationId: conversationId ?? undefined },
    signal,
  });
  return page.items;
}

/** POST /api/scheduled-messages (refused with `scheduled-too-soon` under 5 minutes ahead). */
export function createScheduledMessage(body: CreateScheduledMessageRequest): Promise<ScheduledMessage> {
  return api.call(endpoints.create, { body });
}

/** PUT /api/scheduled-messages/:id (refused with `scheduled-message-not-editable` once sent). */
export function updateScheduledMessage(
  id: string,
  body: UpdateScheduledMessageRequest,
): Promise<ScheduledMessage> {
  return api.call(endpoints.update, { params: { id }, body });
}

/** DELETE /api/scheduled-messages/:id. */
export function deleteScheduledMessage(id: string): Promise<void> {
  return api.call(endpoints.delete, { params: { id } });
}

/** A scheduled message's wall-clock time as the organisation reads it: `DD / MM / YYYY HH:mm`. */
export function formatPlanned(m: Pick<ScheduledMessage, 'date' | 'time'>, defaultTime: string): string {
  return `${formatDate(m.date)} ${m.time ?? defaultTime}`;
}
