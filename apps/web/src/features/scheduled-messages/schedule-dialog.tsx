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
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { useSaveScheduledMessage } from './use-scheduled-messages';
import { z } from 'zod';
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

/** A field that must hold more than spaces (sent as typed). */
const filled = z.string().refine((v) => v.trim() !== '', 'field.required');

/** The dialog's fields: title, message, date required; the number too when typed in (`needsPhone`). */
function scheduleFormSchema(needsPhone: boolean) {
  return z.object({
    title: filled,
    message: filled,
    phone: needsPhone ? filled : z.string(),
    date: z
      .string()
      .nullable()
      .refine((v) => Boolean(v), 'field.required'),
    time: z.string(),
    reminders: z.array(z.enum(SCHEDULED_REMINDERS)),
  });
}
type ScheduleForm = z.infer<ReturnType<typeof scheduleFormSchema>>;

function initialValues(target: ScheduleTarget | null): ScheduleForm {
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
  const errorText = useErrorText('scheduledMessages');
  // Checked on the first submit, then as the fields change.
  const form = useZodForm(scheduleFormSchema(target.kind === 'phone'), {
    mode: 'onSubmit',
    defaultValues: initialValues(target),
  });
  const errors = form.formState.errors;
  const save = useSaveScheduledMessage();
  // Yesterday: the browser's day may be ahead of the clinic's (time zones); the server checks the 5-minute rule.
  const [earliestDate] = useState(() => new Date(Date.now() - 86_400_000));

  const submit = form.handleSubmit((v) =>
    save.mutate(
      { target, values: { ...v, date: v.date! } },
      {
        onSuccess: onClose,
        onError: (error) =>
          applyServerError(form.setError, error, {
            codes: { 'phone-invalid': 'phone', landline: 'phone' },
            fallback:
              target.kind === 'edit' ? 'scheduledMessages.error.update' : 'scheduledMessages.error.create',
          }),
      },
    ),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        {target.kind === 'phone' && (
          <TextInput
            required
            data-autofocus
            label={t('field.phone')}
            placeholder="888-888-8888"
            error={errorText(errors.phone?.message)}
            {...form.register('phone')}
          />
        )}
        <TextInput
          required
          label={t('field.title')}
          maxLength={SCHEDULED_TITLE_MAX_CHARS}
          error={errorText(errors.title?.message)}
          data-autofocus={target.kind !== 'phone' || undefined}
          {...form.register('title')}
        />
        <Textarea
          required
          label={t('field.message')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MESSAGE_BODY_MAX_CHARS}
          error={errorText(errors.message?.message)}
          {...form.register('message')}
        />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="date"
            render={({ field }) => (
              <DateInput
                ariaLabels={calendarLabels}
                required
                label={t('field.date')}
                valueFormat={DATE_INPUT_FORMAT}
                placeholder={t('field.datePlaceholder')}
                minDate={earliestDate}
                dateParser={parseTypedDate}
                value={field.value}
                error={errorText(errors.date?.message)}
                onChange={field.onChange}
              />
            )}
          />
          <TimeInput
            label={t('field.time')}
            description={t('field.timeHint', { time: SCHEDULED_MESSAGE_DEFAULT_TIME })}
            {...form.register('time')}
          />
        </Group>
        <Controller
          control={form.control}
          name="reminders"
          render={({ field }) => (
            <Checkbox.Group
              label={t('field.reminders')}
              description={t('field.remindersHint')}
              value={field.value}
              onChange={(v) =>
                field.onChange(
                  v.filter((r): r is ScheduledReminder =>
                    (SCHEDULED_REMINDERS as readonly string[]).includes(r),
                  ),
                )
              }
            >
              <Group gap="lg" mt={6}>
                {SCHEDULED_REMINDERS.map((r) => (
                  <Checkbox key={r} value={r} label={t(`reminder.${r}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Text size="xs" c="dimmed">
          {t('dialog.rule')}
        </Text>
        <FormError errors={errors} />
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
