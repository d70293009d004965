import type { ContactDetails } from '@accueil/domain';
import { Badge, Select, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useCalendarAriaLabels } from '../../components/calendar-labels';
import { useErrorText } from '../../lib/forms';
import { DATE_INPUT_FORMAT } from '../../lib/format';
import type { ContactFormValues } from './contact-form';

/**
 * Every field of a contact's form (names, phone with its line type, e-mail, birthday, gender,
 * address, language, contact since, note), bound to `form`; a linked contact's phone is its
 * main contact's and cannot be changed here. Errors read in the interface's language.
 */
export function ContactFields({
  form,
  contact,
}: {
  form: UseFormReturn<ContactFormValues>;
  contact: ContactDetails | null;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const calendarLabels = useCalendarAriaLabels();
  const errorText = useErrorText();
  const { register, control } = form;
  const fieldError = (field: keyof ContactFormValues) => errorText(form.formState.errors[field]?.message);
  const linked = contact?.linkedToId ? contact : null;
  const dateProps = {
    valueFormat: DATE_INPUT_FORMAT,
    clearable: true,
    placeholder: t('contacts.field.datePlaceholder'),
    ariaLabels: calendarLabels,
  } as const;
  return (
    <>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <TextInput
          {...register('firstName')}
          label={t('contacts.field.firstName')}
          error={fieldError('firstName')}
          required
          data-autofocus
          autoComplete="off"
        />
        <TextInput
          {...register('lastName')}
          label={t('contacts.field.lastName')}
          error={fieldError('lastName')}
          required
          autoComplete="off"
        />
        <TextInput
          {...register('phone')}
          label={t('contacts.field.phone')}
          placeholder="888-888-8888"
          leftSection={<IconPhone size={16} />}
          rightSectionWidth={contact?.phoneLineType ? 120 : undefined}
          rightSection={
            contact?.phoneLineType ? (
              <Badge
                size="sm"
                variant="light"
                color={contact.phoneLineType === 'landline' ? 'orange' : 'teal'}
              >
                {t(`contacts.lineType.${contact.phoneLineType}`)}
              </Badge>
            ) : undefined
          }
          description={linked ? t('contacts.form.linkedPhone') : undefined}
          disabled={!!linked}
          error={fieldError('phone')}
          inputMode="tel"
          autoComplete="off"
        />
        <TextInput
          {...register('email')}
          label={t('contacts.field.email')}
          leftSection={<IconMail size={16} />}
          error={fieldError('email')}
          type="email"
          autoComplete="off"
        />
        <Controller
          control={control}
          name="birthday"
          render={({ field }) => (
            <DateInput
              {...dateProps}
              label={t('contacts.field.birthday')}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              maxDate={new Date()}
            />
          )}
        />
        <Controller
          control={control}
          name="gender"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} component="span" id="contact-gender-label">
                {t('contacts.field.gender')}
              </Text>
              <SegmentedControl
                aria-labelledby="contact-gender-label"
                value={field.value}
                onChange={(v) => field.onChange(v)}
                data={[
                  { value: 'male', label: t('contacts.gender.male') },
                  { value: 'female', label: t('contacts.gender.female') },
                ]}
              />
            </Stack>
          )}
        />
        <TextInput
          {...register('address')}
          label={t('contacts.field.address')}
          error={fieldError('address')}
          autoComplete="off"
        />
        <TextInput
          {...register('city')}
          label={t('contacts.field.city')}
          error={fieldError('city')}
          autoComplete="off"
        />
        <TextInput
          {...register('postalCode')}
          label={t('contacts.field.postalCode')}
          error={fieldError('postalCode')}
          autoComplete="off"
        />
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select
              label={t('contacts.field.language')}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              clearable
              data={[
                { value: 'fr', label: t('contacts.language.fr') },
                { value: 'en', label: t('contacts.language.en') },
              ]}
            />
          )}
        />
        <Controller
          control={control}
          name="contactSince"
          render={({ field }) => (
            <DateInput
              {...dateProps}
              label={t('contacts.field.contactSince')}
              value={field.value}
              onChange={(v) => field.onChange(v)}
            />
          )}
        />
      </SimpleGrid>
      <Textarea
        {...register('note')}
        label={t('contacts.field.note')}
        error={fieldError('note')}
        autosize
        minRows={2}
        maxRows={6}
      />
    </>
  );
}
