import { CONTACT_RELATIONS, type ContactDetails } from '@accueil/domain';
import { Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconLink, IconUserPlus } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { linkedContactSchema, type LinkedContactValues } from './contact-form';
import { useAddLinkedContact } from './use-contact-details';

const EMPTY: LinkedContactValues = { firstName: '', lastName: '', relation: 'none' };

/**
 * A contact's linked contacts (family sharing its phone) and a form adding one (names and
 * relation) to the main contact; a linked contact says whose it is.
 */
export function LinkedContacts({ contact }: { contact: ContactDetails }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const errorText = useErrorText();
  const addLinked = useAddLinkedContact();
  const form = useZodForm<LinkedContactValues>(linkedContactSchema, { defaultValues: EMPTY });
  const mainId = contact.linkedToId ?? contact.id;
  const add = form.handleSubmit(async (values) => {
    try {
      await addLinked.mutateAsync({ ...values, linkedToId: mainId, gender: 'male' });
      form.reset(EMPTY);
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['firstName', 'lastName', 'relation'] });
    }
  });
  const { errors } = form.formState;
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
      <form noValidate onSubmit={(e) => void add(e)}>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              {...form.register('firstName')}
              label={t('contacts.field.firstName')}
              error={errorText(errors.firstName?.message)}
              style={{ flex: 1 }}
            />
            <TextInput
              {...form.register('lastName')}
              label={t('contacts.field.lastName')}
              error={errorText(errors.lastName?.message)}
              style={{ flex: 1 }}
            />
            <Controller
              control={form.control}
              name="relation"
              render={({ field }) => (
                <Select
                  label={t('contacts.field.relation')}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? 'none')}
                  data={CONTACT_RELATIONS.map((r) => ({ value: r, label: t(`contacts.relation.${r}`) }))}
                  allowDeselect={false}
                  w={170}
                />
              )}
            />
            <Button
              type="submit"
              leftSection={<IconUserPlus size={16} />}
              loading={form.formState.isSubmitting}
            >
              <FormattedMessage id="contacts.linked.add" />
            </Button>
          </Group>
          <FormError errors={errors} />
        </Stack>
      </form>
    </Stack>
  );
}
