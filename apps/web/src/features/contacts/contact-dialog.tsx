import type { ContactDetails } from '@accueil/domain';
import { Modal, Tabs, Text } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js';
import { FormattedMessage, useIntl } from 'react-intl';
import { ContactDetailsForm } from './contact-details-form';
import { Appointments, Surveys } from './contact-history';
import { LinkedContacts } from './linked-contacts';
import { useContact } from './use-contact-details';

/** Which contact the dialog shows: a new one (optionally with a phone already filled in), or one by id. */
export type ContactDialogTarget = { mode: 'new'; phone?: string } | { mode: 'edit'; id: string };

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
  const contact = useContact(id);
  const title =
    target?.mode === 'new'
      ? intl.formatMessage({ id: 'contacts.dialog.newTitle' })
      : (contact.data?.fullname ?? intl.formatMessage({ id: 'contacts.dialog.editTitle' }));
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="xl" centered>
      {target?.mode === 'new' && (
        <ContactDetailsForm
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
            <ContactDetailsForm
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
