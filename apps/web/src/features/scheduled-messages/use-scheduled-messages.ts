import { can, type ScheduledMessage, type ScheduledReminder } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { shortenLongLinks } from '../../lib/short-links';
import { useRealtimeEvent } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import {
  createScheduledMessage,
  deleteScheduledMessage,
  fetchScheduledMessages,
  scheduledKeys,
  updateScheduledMessage,
} from './api';
import type { ScheduleTarget } from './schedule-dialog';

/** How often an open list asks again (ms), in case a realtime event was missed. */
const REFRESH_MS = 30_000;

/**
 * The current team's scheduled messages, or one conversation's (`conversationId`), soonest first.
 * A send settled by the server (`scheduled-message:settled`, to the team) reloads them at once.
 */
export function useScheduledMessages(conversationId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('scheduled-message:settled', (event) => {
    if (conversationId === null || event.conversationId === conversationId)
      void queryClient.invalidateQueries({ queryKey: scheduledKeys.list(conversationId) });
  });
  return useQuery({
    queryKey: scheduledKeys.list(conversationId),
    queryFn: ({ signal }) => fetchScheduledMessages(conversationId, signal),
    refetchInterval: REFRESH_MS,
  });
}

/** Whether the signed-in user may edit and delete `message` (its author, or an administrator): the rules the server enforces. */
export function useCanManageScheduled(): (message: ScheduledMessage) => boolean {
  const { context } = useSession();
  return (message) =>
    !!context &&
    can(
      {
        userId: context.user.id,
        role: context.user.role,
        organizationId: context.organization.id,
        teamId: context.userGroup?.id ?? null,
        tier: null,
      },
      'scheduledMessage.manage',
      {
        organizationId: context.organization.id,
        teamId: message.teamId,
        createdByUserId: message.createdBy.id,
      },
    );
}

/** What the schedule dialog saves: its target and the fields as typed (`time` empty for the default). */
export interface ScheduleSave {
  target: ScheduleTarget;
  values: {
    title: string;
    message: string;
    phone: string;
    date: string;
    time: string;
    reminders: ScheduledReminder[];
  };
}

/**
 * Creates (to a conversation or a typed number) or changes a scheduled message; its long links
 * leave as the app's short links. On success, every scheduled list is refetched and the change
 * announced; a refusal is the caller's to show (the dialog keeps it in the form).
 */
export function useSaveScheduledMessage() {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ target, values }: ScheduleSave) => {
      // A long link leaves as the app's short link (counted clicks, fewer segments).
      const message = await shortenLongLinks(values.message);
      const fields = {
        title: values.title,
        message,
        date: values.date,
        time: values.time || null,
        reminders: values.reminders,
      };
      if (target.kind === 'edit') return updateScheduledMessage(target.message.id, fields);
      return createScheduledMessage(
        target.kind === 'conversation'
          ? { ...fields, conversationId: target.conversationId }
          : { ...fields, toPhoneNumber: values.phone },
      );
    },
    onSuccess: (_answer, { target }) => {
      void client.invalidateQueries({ queryKey: scheduledKeys.all });
      notifySuccess(
        intl.formatMessage({
          id:
            target.kind === 'edit' ? 'scheduledMessages.notice.updated' : 'scheduledMessages.notice.created',
        }),
      );
    },
  });
}

/** Deletes a scheduled message not yet sent; announced, every list refetched; a refusal is a toast. */
export function useDeleteScheduledMessage() {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: ScheduledMessage) => deleteScheduledMessage(m.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: scheduledKeys.all });
      notifySuccess(intl.formatMessage({ id: 'scheduledMessages.notice.deleted' }));
    },
    onError: (error) => notifyError(error, 'scheduledMessages.error.delete'),
  });
}
