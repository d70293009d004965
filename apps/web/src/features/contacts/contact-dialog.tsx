import { CONTACT_RELATIONS, type ContactDetails, type ContactRelation } from '@accueil/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconLink, IconMail, IconMessage, IconPhone, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from 'libphonenumber-js';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { contactKeys, createContact, fetchContact, updateContact } from './api';
import { Appointments, Surveys } from './contact-history';
import { contactFormSchema, contactInputOf, formValuesOf, type ContactFormValues } from './contact-form';
import { useOpenConversation } from './use-open-conversation';
import { useCalendarAriaLabels } from '../../components/calendar-labels';

/** Which contact the dialog shows: a new one (optionally with a phone already filled in), or one by id. */
export type ContactDialogTarget = { mode: 'new'; phone?: string } | { mode: 'edit'; id: string };

/** Server codes shown under a field rather than in a toast. */
const FIELD_OF_CODE: Partial<Record<string, keyof ContactFormValues>> = {
  'contact-phone-exists': 'phone',
  'phone-invalid': 'phone',
  'email-invalid': 'email',
  'contact-name-required': 'firstName',
};

/**
 * The contact's dialog: the form of every field (create or edit), and for an existing contact
 * its linked contacts (add one: name and relation; it shares the phone), its appointments
 * (newest first, in the organisation's time zone) and its surveys, and a button that opens or
 * starts its conversation. `onSaved` receives the saved contact.
 */
export function ContactDialog({
  target,
  onClose,
  onSaved,
  country = 'CA',
}: {
  target: ContactDialogTarget | null;
  onClose: () => void;
  onSaved?: (c: ContactDetails) => void;
  country?: CountryCode;
}) {
  const intl = useIntl();
  const id = target?.mode === 'edit' ? target.id : null;
  const contact = useQuery({
    queryKey: contactKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchContact(id!, signal),
    enabled: id !== null,
  });
  const title =
    target?.mode === 'new'
      ? intl.formatMessage({ id: 'contacts.dialog.newTitle' })
      : (contact.data?.fullname ?? intl.formatMessage({ id: 'contacts.dialog.editTitle' }));
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="xl" centered>
      {target?.mode === 'new' && (
        <ContactForm
          key="new"
          contact={null}
          phone={target.phone}
          country={country}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
      {target?.mode === 'edit' && contact.data && (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="details">
              <FormattedMessage id="contacts.dialog.tab.details" />
            </Tabs.Tab>
            <Tabs.Tab value="linked">
              <FormattedMessage
                id="contacts.dialog.tab.linked"
                values={{ count: contact.data.linkedContacts.length }}
              />
            </Tabs.Tab>
            <Tabs.Tab value="appointments">
              <FormattedMessage id="contacts.dialog.tab.appointments" />
            </Tabs.Tab>
            <Tabs.Tab value="surveys">
              <FormattedMessage id="contacts.dialog.tab.surveys" />
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details">
            <ContactForm
              key={contact.data.id}
              contact={contact.data}
              country={country}
              onClose={onClose}
              onSaved={onSaved}
            />
          </Tabs.Panel>
          <Tabs.Panel value="linked">
            <LinkedContacts contact={contact.data} />
          </Tabs.Panel>
          <Tabs.Panel value="appointments">
            <Appointments id={contact.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="surveys">
            <Surveys id={contact.data.id} />
          </Tabs.Panel>
        </Tabs>
      )}
      {target?.mode === 'edit' && contact.isError && (
        <Text c="red">
          <FormattedMessage id="contacts.dialog.loadFailed" />
        </Text>
      )}
    </Modal>
  );
}

function ContactForm({
  contact,
  phone,
  country,
  onClose,
  onSaved,
}: {
  contact: ContactDetails | null;
  phone?: string;
  country: CountryCode;
  onClose: () => void;
  onSaved?: (c: ContactDetails) => void;
}) {
  const intl = useIntl();
  const calendarLabels = useCalendarAriaLabels();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const schema = useMemo(() => contactFormSchema(country), [country]);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...formValuesOf(contact), ...(phone ? { phone } : {}) },
  });
  const openConversation = useOpenConversation();
  const linked = contact?.linkedToId ? contact : null;
  const errorText = (field: keyof ContactFormValues) => {
    const message = form.formState.errors[field]?.message;
    if (!message) return undefined;
    return message.startsWith('error.') ? t(message) : t(`contacts.form.error.${message}`);
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const input = contactInputOf(values, linked);
      const saved = contact ? await updateContact(contact.id, input) : await createContact(input);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      notifySuccess(t(contact ? 'contacts.saved' : 'contacts.created', { name: saved.fullname }));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field && error instanceof ApiError)
        form.setError(field, { message: `error.${error.code}` }, { shouldFocus: true });
      else notifyError(error);
    }
  });
  const dateProps = {
    valueFormat: 'DD / MM / YYYY',
    clearable: true,
    placeholder: 'JJ / MM / AAAA',
    ariaLabels: calendarLabels,
  } as const;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
          <TextInput
            {...form.register('firstName')}
            label={t('contacts.field.firstName')}
            error={errorText('firstName')}
            required
            data-autofocus
            autoComplete="off"
          />
          <TextInput
            {...form.register('lastName')}
            label={t('contacts.field.lastName')}
            error={errorText('lastName')}
            required
            autoComplete="off"
          />
          <TextInput
            {...form.register('phone')}
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
            error={errorText('phone')}
            inputMode="tel"
            autoComplete="off"
          />
          <TextInput
            {...form.register('email')}
            label={t('contacts.field.email')}
            leftSection={<IconMail size={16} />}
            error={errorText('email')}
            type="email"
            autoComplete="off"
          />
          <Controller
            control={form.control}
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
            control={form.control}
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
            {...form.register('address')}
            label={t('contacts.field.address')}
            error={errorText('address')}
            autoComplete="off"
          />
          <TextInput
            {...form.register('city')}
            label={t('contacts.field.city')}
            error={errorText('city')}
            autoComplete="off"
          />
          <TextInput
            {...form.register('postalCode')}
            label={t('contacts.field.postalCode')}
            error={errorText('postalCode')}
            autoComplete="off"
          />
          <Controller
            control={form.control}
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
            control={form.control}
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
          {...form.register('note')}
          label={t('contacts.field.note')}
          error={errorText('note')}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Group justify="space-between">
          <div>
            {contact?.phone && (
              <Button
                variant="light"
                leftSection={<IconMessage size={16} />}
                onClick={() => void openConversation(contact.phone!)}
              >
                <FormattedMessage id="contacts.action.conversation" />
              </Button>
            )}
          </div>
          <Group>
            <Button variant="default" onClick={onClose}>
              <FormattedMessage id="contacts.action.cancel" />
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              <FormattedMessage id={contact ? 'contacts.action.save' : 'contacts.action.create'} />
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function LinkedContacts({ contact }: { contact: ContactDetails }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [relation, setRelation] = useState<ContactRelation>('none');
  const [tried, setTried] = useState(false);
  const mainId = contact.linkedToId ?? contact.id;
  const add = useMutation({
    mutationFn: () => createContact({ firstName, lastName, linkedToId: mainId, relation, gender: 'male' }),
    onSuccess: async (created) => {
      setFirstName('');
      setLastName('');
      setRelation('none');
      setTried(false);
      notifySuccess(t('contacts.linked.added', { name: created.fullname }));
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
    onError: (error) => notifyError(error),
  });
  const blank = (v: string) => tried && v.trim() === '';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="contacts.linked.help" />
      </Text>
      {contact.linkedToId && (
        <Text size="sm">
          <FormattedMessage
            id="contacts.linked.isLinked"
            values={{ relation: t(`contacts.relation.${contact.relation ?? 'none'}`) }}
          />
        </Text>
      )}
      {contact.linkedContacts.length === 0 && !contact.linkedToId && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="contacts.linked.none" />
        </Text>
      )}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {contact.linkedContacts.map((l) => (
          <Group key={l.id} component="li" gap="sm">
            <IconLink size={14} aria-hidden />
            <Text size="sm">{l.fullname}</Text>
            <Badge variant="light" size="sm">
              {t(`contacts.relation.${l.relation}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (firstName.trim() && lastName.trim()) add.mutate();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={t('contacts.field.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            error={blank(firstName) ? t('contacts.form.error.name-required') : undefined}
            style={{ flex: 1 }}
          />
          <TextInput
            label={t('contacts.field.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            error={blank(lastName) ? t('contacts.form.error.name-required') : undefined}
            style={{ flex: 1 }}
          />
          <Select
            label={t('contacts.field.relation')}
            value={relation}
            onChange={(v) => setRelation(v ?? 'none')}
            data={CONTACT_RELATIONS.map((r) => ({ value: r, label: t(`contacts.relation.${r}`) }))}
            allowDeselect={false}
            w={170}
          />
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={add.isPending}>
            <FormattedMessage id="contacts.linked.add" />
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
