import {
  APPOINTMENT_DURATION_CHOICES_MINUTES,
  type Appointment,
  type AppointmentInput,
} from '@accueil/domain';
import { Button, Divider, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useCalendarAriaLabels } from '../../components/calendar-labels';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { useCategories, useProfessionals } from '../professionals/api';
import { confirmAction } from '../../lib/config-kit';
import { useFreeAvailabilities } from './api';
import { appointmentFormSchema, type AppointmentDraft } from './appointment-draft';
import { AppointmentPatientFields } from './appointment-patient-fields';
import { useCancelAppointment, useSaveAppointment } from './use-appointment';

/** The server's paths of a `validation-failed` refusal that are the form's fields. */
const FIELDS = [
  'professionalId',
  'categoryId',
  'service',
  'startsAt',
  'durationMinutes',
  'firstName',
  'lastName',
  'birthday',
  'email',
  'requests',
  'notes',
] as const;

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
  const errorText = useErrorText();
  const t = (id: string) => intl.formatMessage({ id: `agenda.form.${id}` });
  const form = useZodForm<AppointmentDraft, AppointmentInput>(appointmentFormSchema, {
    defaultValues: initial,
  });
  const [professionalId, categoryId, date, durationMinutes, startsAt] = useWatch({
    control: form.control,
    name: ['professionalId', 'categoryId', 'date', 'durationMinutes', 'startsAt'],
  });
  const { data: professionals } = useProfessionals();
  const { data: categories } = useCategories(professionalId ?? undefined);
  const free = useFreeAvailabilities(
    professionalId && categoryId && date
      ? { professionalId, categoryId, date, durationMinutes, excludeAppointmentId: appointment?.id }
      : null,
  );
  const save = useSaveAppointment(appointment);
  const cancel = useCancelAppointment(appointment, onClose);
  const time = (iso: string) => intl.formatTime(iso, { timeZone, hour: '2-digit', minute: '2-digit' });
  const starts = [...new Set([...(free.data ?? []), ...(startsAt ? [startsAt] : [])])].sort();
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      onClose();
    } catch (error) {
      applyServerError(form.setError, error, { fields: FIELDS });
    }
  });

  return (
    <Modal opened onClose={onClose} title={t(appointment ? 'editTitle' : 'addTitle')} size="xl">
      <form
        noValidate
        aria-label={t(appointment ? 'editTitle' : 'addTitle')}
        onSubmit={(e) => void submit(e)}
      >
        <Stack gap="sm">
          <SimpleGrid cols={3}>
            <Controller
              control={form.control}
              name="professionalId"
              render={({ field }) => (
                <Select
                  required
                  data-autofocus
                  label={t('professional')}
                  data={(professionals ?? []).map((p) => ({ value: p.id, label: p.fullname }))}
                  value={field.value}
                  error={errorText(errors.professionalId?.message)}
                  onBlur={field.onBlur}
                  onChange={(v) => {
                    field.onChange(v);
                    form.setValue('categoryId', null);
                  }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <Select
                  required
                  label={t('category')}
                  data={(categories ?? []).map((c) => ({ value: c.id, label: c.label }))}
                  value={field.value}
                  error={errorText(errors.categoryId?.message)}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                  disabled={!professionalId}
                />
              )}
            />
            <TextInput label={t('service')} {...form.register('service')} />
            <Controller
              control={form.control}
              name="date"
              render={({ field }) => (
                <DateInput
                  ariaLabels={calendarLabels}
                  required
                  label={t('date')}
                  valueFormat={DATE_INPUT_FORMAT}
                  value={field.value}
                  error={errorText(errors.date?.message)}
                  onBlur={field.onBlur}
                  onChange={(v) => {
                    field.onChange(v);
                    form.setValue('startsAt', null);
                  }}
                />
              )}
            />
            <Controller
              control={form.control}
              name="durationMinutes"
              render={({ field }) => (
                <Select
                  required
                  label={t('duration')}
                  data={APPOINTMENT_DURATION_CHOICES_MINUTES.map((m) => ({
                    value: String(m),
                    label: intl.formatMessage({ id: 'agenda.form.minutes' }, { count: m }),
                  }))}
                  value={String(field.value)}
                  allowDeselect={false}
                  onChange={(v) => field.onChange(Number(v))}
                />
              )}
            />
            <Controller
              control={form.control}
              name="startsAt"
              render={({ field }) => (
                <Select
                  required
                  label={t('availability')}
                  placeholder={
                    categoryId && date && !free.isLoading && starts.length === 0
                      ? t('noAvailability')
                      : undefined
                  }
                  data={starts.map((iso) => ({ value: iso, label: time(iso) }))}
                  value={field.value}
                  error={errorText(errors.startsAt?.message)}
                  onBlur={field.onBlur}
                  onChange={field.onChange}
                  disabled={!categoryId || !date}
                />
              )}
            />
          </SimpleGrid>
          <Divider label={t('patient')} labelPosition="left" />
          <AppointmentPatientFields form={form} />
          <FormError errors={errors} />
          <Group justify="space-between" mt="sm">
            <div>
              {appointment && (
                <Button
                  color="red"
                  variant="light"
                  loading={cancel.isPending}
                  onClick={() =>
                    void confirmAction({
                      titleId: 'agenda.form.cancelTitle',
                      bodyId: 'agenda.form.cancelBody',
                      confirmId: 'agenda.form.cancelConfirm',
                      danger: true,
                      testId: 'appointment-cancel-confirm',
                    }).then((ok) => ok && cancel.mutate())
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
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t(appointment ? 'save' : 'book')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
