import type { ContactDetails } from '@accueil/domain';
import { Button, Group, Stack } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { CountryCode } from 'libphonenumber-js';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { applyServerError, FormError, useZodForm } from '../../lib/forms';
import { ContactFields } from './contact-fields';
import { contactFormSchema, contactInputOf, formValuesOf, type ContactFormValues } from './contact-form';
import { useSaveContact } from './use-contact-details';
import { useOpenConversation } from './use-open-conversation';

/** The server's refusals shown under a field: codes that concern one field, and the fields named by path. */
const SERVER_ERRORS = {
  codes: {
    'contact-phone-exists': 'phone',
    'phone-invalid': 'phone',
    'email-invalid': 'email',
    'contact-name-required': 'firstName',
  },
  fields: ['firstName', 'lastName', 'phone', 'email', 'address', 'city', 'postalCode', 'note'],
} as const;

/**
 * A contact's form (create when `contact` is null, optionally with `phone` filled in; else
 * edit): checked with the contact schema in the organisation's `country`, the server's refusals
 * under their field (or above the buttons), and a button opening the contact's conversation.
 * `onSaved` receives the saved contact before the dialog closes.
 */
export function ContactDetailsForm({
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
  const save = useSaveContact(contact);
  const schema = useMemo(() => contactFormSchema(country), [country]);
  const form = useZodForm<ContactFormValues>(schema, {
    defaultValues: { ...formValuesOf(contact), ...(phone ? { phone } : {}) },
  });
  const openConversation = useOpenConversation();
  const linked = contact?.linkedToId ? contact : null;
  const submit = form.handleSubmit(async (values) => {
    try {
      const input = contactInputOf(values, linked);
      const saved = await save.mutateAsync(input);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerError(form.setError, error, SERVER_ERRORS);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <ContactFields form={form} contact={contact} />
        <FormError errors={form.formState.errors} />
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
