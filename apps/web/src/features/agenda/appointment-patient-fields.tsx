import { Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { AppointmentInput } from '@accueil/domain';
import { useCalendarAriaLabels } from '../../components/calendar-labels';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import { CheckboxField, useErrorText } from '../../lib/forms';
import type { AppointmentDraft } from './appointment-draft';

/**
 * The appointment form's patient part: names, birthday, phone, e-mail, gender, kit, extra
 * document, requests and notes, bound to the form's draft (errors are message ids).
 */
export function AppointmentPatientFields({
  form,
}: {
  form: UseFormReturn<AppointmentDraft, unknown, AppointmentInput>;
}) {
  const intl = useIntl();
  const calendarLabels = useCalendarAriaLabels();
  const errorText = useErrorText();
  const t = (id: string) => intl.formatMessage({ id: `agenda.form.${id}` });
  const errors = form.formState.errors;
  return (
    <>
      <SimpleGrid cols={3}>
        <TextInput
          required
          label={t('firstName')}
          {...form.register('firstName')}
          error={errorText(errors.firstName?.message)}
        />
        <TextInput
          required
          label={t('lastName')}
          {...form.register('lastName')}
          error={errorText(errors.lastName?.message)}
        />
        <Controller
          control={form.control}
          name="birthday"
          render={({ field }) => (
            <DateInput
              ariaLabels={calendarLabels}
              label={t('birthday')}
              valueFormat={DATE_INPUT_FORMAT}
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              clearable
            />
          )}
        />
        <TextInput label={t('phone')} placeholder="888-888-8888" type="tel" {...form.register('phone')} />
        <TextInput
          label={t('email')}
          type="email"
          {...form.register('email', { setValueAs: (v: string | null) => v || null })}
          error={errorText(errors.email?.message)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="appointment-gender">
            {t('gender')}
          </Text>
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="appointment-gender"
                value={field.value ?? 'male'}
                onChange={field.onChange}
                data={[
                  { value: 'male', label: t('male') },
                  { value: 'female', label: t('female') },
                ]}
              />
            )}
          />
        </Stack>
      </SimpleGrid>
      <Group>
        <CheckboxField label={t('kit')} control={form.control} name="kit" />
        <CheckboxField label={t('extraDocument')} control={form.control} name="extraDocument" />
      </Group>
      <SimpleGrid cols={2}>
        <Textarea label={t('requests')} autosize minRows={2} {...form.register('requests')} />
        <Textarea label={t('notes')} autosize minRows={2} {...form.register('notes')} />
      </SimpleGrid>
    </>
  );
}
