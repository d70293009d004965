import {
  MESSAGE_BODY_MAX_CHARS,
  SCHEDULED_MESSAGE_DEFAULT_TIME,
  SCHEDULED_REMINDERS,
  SCHEDULED_TITLE_MAX_CHARS,
  type ScheduledMessage,
  type ScheduledReminder,
} from '@accueil/domain';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { shortenLongLinks } from '../../lib/short-links';
import { createScheduledMessage, scheduledKeys, updateScheduledMessage } from './api';
import { useCalendarAriaLabels } from '../../components/calendar-labels';

/** What the dialog schedules: a new message to a conversation or to a number typed in, or an existing one to edit. */
export type ScheduleTarget =
  | { kind: 'conversation'; conversationId: string }
  | { kind: 'phone' }
  | { kind: 'edit'; message: ScheduledMessage };

/** Props of {@link ScheduleDialog}. */
export interface ScheduleDialogProps {
  target: ScheduleTarget | null;
  onClose: () => void;
}

/** A date typed as `DD / MM / YYYY` (spaces optional) → `YYYY-MM-DD`, or null while incomplete or impossible. */
export function parseTypedDate(typed: string): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Draft = {
  title: string;
  message: string;
  phone: string;
  date: string | null;
  time: string;
  reminders: ScheduledReminder[];
};

function initialDraft(target: ScheduleTarget | null): Draft {
  if (target?.kind === 'edit') {
    const m = target.message;
    return {
      title: m.title,
      message: m.message,
      phone: m.toPhoneNumber,
      date: m.date,
      time: m.time ?? '',
      reminders: m.reminders,
    };
  }
  return { title: '', message: '', phone: '', date: null, time: '', reminders: [] };
}

/**
 * Schedules a text (docs/behaviour/scheduled-messages.md): title, message, date
 * (`DD / MM / YYYY`), optional time (`HH:mm`, the organisation's clock; 09:00 without one) and
 * reminders 24 h, 48 h or 7 days before. The server refuses a time less than 5 minutes ahead;
 * its localised reason is shown and the form stays open.
 */
export function ScheduleDialog({ target, onClose }: ScheduleDialogProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<DialogTitle target={target} />}
      size="lg"
      centered
    >
      {target && (
        <ScheduleForm
          key={target.kind === 'edit' ? target.message.id : target.kind}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function DialogTitle({ target }: { target: ScheduleTarget | null }) {
  const intl = useIntl();
  return (
    <>
      {intl.formatMessage({
        id: target?.kind === 'edit' ? 'scheduledMessages.dialog.editTitle' : 'scheduledMessages.dialog.title',
      })}
    </>
  );
}

function ScheduleForm({ target, onClose }: { target: ScheduleTarget; onClose: () => void }) {
  const intl = useIntl();
  const calendarLabels = useCalendarAriaLabels();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `scheduledMessages.${id}` }, values);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => initialDraft(target));
  const [tried, setTried] = useState(false);
  // Yesterday: the browser's day may be ahead of the clinic's (time zones); the server checks the 5-minute rule.
  const [earliestDate] = useState(() => new Date(Date.now() - 86_400_000));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const missing = {
    title: draft.title.trim() === '',
    message: draft.message.trim() === '',
    phone: target.kind === 'phone' && draft.phone.trim() === '',
    date: !draft.date,
  };
  const required = (key: keyof typeof missing) => (tried && missing[key] ? t('field.required') : undefined);

  const save = useMutation({
    mutationFn: async () => {
      // A long link leaves as the app's short link (counted clicks, fewer segments).
      const message = await shortenLongLinks(draft.message);
      const fields = {
        title: draft.title,
        message,
        date: draft.date!,
        time: draft.time || null,
        reminders: draft.reminders,
      };
      if (target.kind === 'edit') return updateScheduledMessage(target.message.id, fields);
      return createScheduledMessage(
        target.kind === 'conversation'
          ? { ...fields, conversationId: target.conversationId }
          : { ...fields, toPhoneNumber: draft.phone },
      );
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: scheduledKeys.all });
      notifySuccess(t(target.kind === 'edit' ? 'notice.updated' : 'notice.created'));
      onClose();
    },
    onError: (error) =>
      notifyError(
        error,
        target.kind === 'edit' ? 'scheduledMessages.error.update' : 'scheduledMessages.error.create',
      ),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.values(missing).some(Boolean)) return;
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {target.kind === 'phone' && (
          <TextInput
            required
            data-autofocus
            label={t('field.phone')}
            placeholder="888-888-8888"
            value={draft.phone}
            error={required('phone')}
            onChange={(e) => set('phone', e.currentTarget.value)}
          />
        )}
        <TextInput
          required
          label={t('field.title')}
          maxLength={SCHEDULED_TITLE_MAX_CHARS}
          value={draft.title}
          error={required('title')}
          onChange={(e) => set('title', e.currentTarget.value)}
          data-autofocus={target.kind !== 'phone' || undefined}
        />
        <Textarea
          required
          label={t('field.message')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MESSAGE_BODY_MAX_CHARS}
          value={draft.message}
          error={required('message')}
          onChange={(e) => set('message', e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <DateInput
            ariaLabels={calendarLabels}
            required
            label={t('field.date')}
            valueFormat={DATE_INPUT_FORMAT}
            placeholder={t('field.datePlaceholder')}
            minDate={earliestDate}
            dateParser={parseTypedDate}
            value={draft.date}
            error={required('date')}
            onChange={(v) => set('date', v)}
          />
          <TimeInput
            label={t('field.time')}
            description={t('field.timeHint', { time: SCHEDULED_MESSAGE_DEFAULT_TIME })}
            value={draft.time}
            onChange={(e) => set('time', e.currentTarget.value)}
          />
        </Group>
        <Checkbox.Group
          label={t('field.reminders')}
          description={t('field.remindersHint')}
          value={draft.reminders}
          onChange={(v) =>
            set(
              'reminders',
              v.filter((r): r is ScheduledReminder => (SCHEDULED_REMINDERS as readonly string[]).includes(r)),
            )
          }
        >
          <Group gap="lg" mt={6}>
            {SCHEDULED_REMINDERS.map((r) => (
              <Checkbox key={r} value={r} label={t(`reminder.${r}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          {t('dialog.rule')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(target.kind === 'edit' ? 'action.save' : 'action.schedule')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
