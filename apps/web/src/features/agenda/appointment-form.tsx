import {
  APPOINTMENT_DURATION_CHOICES_MINUTES,
  appointmentInputSchema,
  type Appointment,
} from '@accueil/domain';
import {
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, useCategories, useProfessionals } from '../professionals/api';
import { openConfirmDialog } from '../professionals/confirm-dialog';
import { cancelAppointment, saveAppointment, useFreeAvailabilities } from './api';
import { inputOf, type AppointmentDraft } from './appointment-draft';
import { useCalendarAriaLabels } from '../../components/calendar-labels';

/**
 * The appointment dialog: professional, category, service, date, duration and availability
 * (the category's free start times that day, on the organisation's clock), the patient's
 * fields (names, birthday, phone, e-mail, gender), kit, extra document, requests and notes.
 * It books a new appointment, or edits and moves an existing one (a move without dragging),
 * and cancels it. The patient is linked to the contact with that phone number, or a new one.
 */
export function AppointmentForm({
  appointment,
  initial,
  timeZone,
  onClose,
}: {
  appointment: Appointment | null;
  initial: AppointmentDraft;
  timeZone: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const calendarLabels = useCalendarAriaLabels();
  const t = (id: string) => intl.formatMessage({ id: `agenda.form.${id}` });
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const queryClient = useQueryClient();
  const { data: professionals } = useProfessionals();
  const { data: categories } = useCategories(draft.professionalId ?? undefined);
  const free = useFreeAvailabilities(
    draft.professionalId && draft.categoryId && draft.date
      ? {
          professionalId: draft.professionalId,
          categoryId: draft.categoryId,
          date: draft.date,
          durationMinutes: draft.durationMinutes,
          excludeAppointmentId: appointment?.id,
        }
      : null,
  );
  const set = <K extends keyof AppointmentDraft>(key: K, value: AppointmentDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const time = (iso: string) => intl.formatTime(iso, { timeZone, hour: '2-digit', minute: '2-digit' });
  const starts = [...new Set([...(free.data ?? []), ...(draft.startsAt ? [draft.startsAt] : [])])].sort();
  const input = inputOf(draft);
  const parsed = input ? appointmentInputSchema.safeParse(input) : null;
  const missing = (field: keyof AppointmentDraft) => {
    if (!showErrors) return undefined;
    if (draft[field] === null || draft[field] === '') return t('required');
    return parsed && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field)
      ? t('invalid')
      : undefined;
  };
  const invalid = (field: keyof AppointmentDraft) =>
    showErrors && parsed && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field)
      ? t('invalid')
      : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: agendaKeys.all });
  const save = useMutation({
    mutationFn: () => saveAppointment(appointment?.id ?? null, input!),
    onSuccess: async () => {
      notifySuccess(t(appointment ? 'updated' : 'created'));
      await refresh();
      onClose();
    },
    onError: (error) => notifyError(error),
  });
  const cancel = useMutation({
    mutationFn: () => cancelAppointment(appointment!.id),
    onSuccess: async () => {
      notifySuccess(t('cancelled'));
      await refresh();
      onClose();
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Modal opened onClose={onClose} title={t(appointment ? 'editTitle' : 'addTitle')} size="xl">
      <form
        noValidate
        aria-label={t(appointment ? 'editTitle' : 'addTitle')}
        onSubmit={(e) => {
          e.preventDefault();
          setShowErrors(true);
          if (parsed?.success) save.mutate();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={3}>
            <Select
              required
              data-autofocus
              label={t('professional')}
              data={(professionals ?? []).map((p) => ({ value: p.id, label: p.fullname }))}
              value={draft.professionalId}
              error={missing('professionalId')}
              onChange={(v) => setDraft((d) => ({ ...d, professionalId: v, categoryId: null }))}
            />
            <Select
              required
              label={t('category')}
              data={(categories ?? []).map((c) => ({ value: c.id, label: c.label }))}
              value={draft.categoryId}
              error={missing('categoryId')}
              onChange={(v) => set('categoryId', v)}
              disabled={!draft.professionalId}
            />
            <TextInput
              label={t('service')}
              value={draft.service ?? ''}
              onChange={(e) => set('service', e.currentTarget.value)}
            />
            <DateInput
              ariaLabels={calendarLabels}
              required
              label={t('date')}
              valueFormat={DATE_INPUT_FORMAT}
              value={draft.date}
              error={missing('date')}
              onChange={(v) => setDraft((d) => ({ ...d, date: v, startsAt: null }))}
            />
            <Select
              required
              label={t('duration')}
              data={APPOINTMENT_DURATION_CHOICES_MINUTES.map((m) => ({
                value: String(m),
                label: intl.formatMessage({ id: 'agenda.form.minutes' }, { count: m }),
              }))}
              value={String(draft.durationMinutes)}
              allowDeselect={false}
              onChange={(v) => set('durationMinutes', Number(v))}
            />
            <Select
              required
              label={t('availability')}
              placeholder={
                draft.categoryId && draft.date && !free.isLoading && starts.length === 0
                  ? t('noAvailability')
                  : undefined
              }
              data={starts.map((iso) => ({ value: iso, label: time(iso) }))}
              value={draft.startsAt}
              error={missing('startsAt')}
              onChange={(v) => set('startsAt', v)}
              disabled={!draft.categoryId || !draft.date}
            />
          </SimpleGrid>
          <Divider label={t('patient')} labelPosition="left" />
          <SimpleGrid cols={3}>
            <TextInput
              required
              label={t('firstName')}
              value={draft.firstName}
              error={missing('firstName')}
              onChange={(e) => set('firstName', e.currentTarget.value)}
            />
            <TextInput
              required
              label={t('lastName')}
              value={draft.lastName}
              error={missing('lastName')}
              onChange={(e) => set('lastName', e.currentTarget.value)}
            />
            <DateInput
              ariaLabels={calendarLabels}
              label={t('birthday')}
              valueFormat={DATE_INPUT_FORMAT}
              value={draft.birthday ?? null}
              onChange={(v) => set('birthday', v)}
              clearable
            />
            <TextInput
              label={t('phone')}
              placeholder="888-888-8888"
              type="tel"
              value={draft.phone ?? ''}
              onChange={(e) => set('phone', e.currentTarget.value)}
            />
            <TextInput
              label={t('email')}
              type="email"
              value={draft.email ?? ''}
              error={invalid('email')}
              onChange={(e) => set('email', e.currentTarget.value || null)}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="appointment-gender">
                {t('gender')}
              </Text>
              <SegmentedControl
                aria-labelledby="appointment-gender"
                value={draft.gender ?? 'male'}
                onChange={(v) => set('gender', v)}
                data={[
                  { value: 'male', label: t('male') },
                  { value: 'female', label: t('female') },
                ]}
              />
            </Stack>
          </SimpleGrid>
          <Group>
            <Checkbox
              label={t('kit')}
              checked={draft.kit ?? false}
              onChange={(e) => set('kit', e.currentTarget.checked)}
            />
            <Checkbox
              label={t('extraDocument')}
              checked={draft.extraDocument ?? false}
              onChange={(e) => set('extraDocument', e.currentTarget.checked)}
            />
          </Group>
          <SimpleGrid cols={2}>
            <Textarea
              label={t('requests')}
              autosize
              minRows={2}
              value={draft.requests ?? ''}
              onChange={(e) => set('requests', e.currentTarget.value)}
            />
            <Textarea
              label={t('notes')}
              autosize
              minRows={2}
              value={draft.notes ?? ''}
              onChange={(e) => set('notes', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <div>
              {appointment && (
                <Button
                  color="red"
                  variant="light"
                  loading={cancel.isPending}
                  onClick={() =>
                    openConfirmDialog({
                      title: t('cancelTitle'),
                      body: t('cancelBody'),
                      confirm: t('cancelConfirm'),
                      onConfirm: () => cancel.mutate(),
                      testId: 'appointment-cancel-confirm',
                    })
                  }
                >
                  {t('cancelAppointment')}
                </Button>
              )}
            </div>
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('close')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t(appointment ? 'save' : 'book')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
