import { isAnonymousNumber, type Conversation } from '@accueil/domain';
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconMail, IconPencil, IconPhone, IconUserPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ContactAvatar } from '../../components/contact-avatar';
import { formatDate, formatPhone } from '../../lib/format';
import classes from './conversations.module.css';

// The contact form loads when it is opened: the inbox's first load stays within its budget.
const ContactDialog = lazy(() =>
  import('../contacts/contact-dialog').then((m) => ({ default: m.ContactDialog })),
);

function Field({ icon, label, value }: { icon: ReactNode; label: string; value: string | null | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span style={{ color: 'var(--mantine-color-dimmed)', paddingTop: 2 }}>{icon}</span>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} c={value ? undefined : 'dimmed'}>
          {value || '—'}
        </Text>
      </div>
    </Group>
  );
}

/**
 * The contact's panel beside the open conversation: avatar, name, phone, e-mail, business
 * name; an unknown number says "Contact inconnu" with the number. A button creates the contact
 * of an unknown number (its phone filled in) or edits the known one, in the contacts' dialog;
 * the server then ties the conversation to the new contact and announces it.
 */
export function ContactPanel({ conversation }: { conversation: Conversation }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const contact = conversation.contact;
  // An e-mail conversation's address is the contact's e-mail, not a number.
  const byEmail = conversation.attributes.type === 'email';
  const number = byEmail ? (contact?.phone ?? null) : (contact?.phone ?? conversation.friendlyName);
  const email = contact?.email ?? (byEmail ? conversation.friendlyName : null);
  const anonymous = number !== null && isAnonymousNumber(number);
  const phone =
    number === null ? null : anonymous ? t('conversations.avatar.anonymous') : formatPhone(number);
  const [editing, setEditing] = useState(false);
  return (
    <aside className={classes.panel} aria-label={t('conversations.panel.label')}>
      <Stack align="center" gap={6} p="lg" pb="md">
        <ContactAvatar
          name={contact?.fullname}
          phone={conversation.friendlyName}
          business={contact?.business}
          size={72}
        />
        <Text fw={700} size="lg" ta="center" mt="xs">
          {contact?.fullname || t('conversations.contact.unknown')}
        </Text>
        {!contact && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {byEmail ? email : phone}
          </Text>
        )}
        {contact?.business && (
          <Badge variant="light" color="indigo" leftSection={<IconBuildingStore size={12} />}>
            <FormattedMessage id="conversations.contact.businessBadge" />
          </Badge>
        )}
      </Stack>
      <Divider />
      <Stack gap="md" p="lg">
        <Field icon={<IconPhone size={16} />} label={t('conversations.contact.phone')} value={phone} />
        {(contact || byEmail) && (
          <Field icon={<IconMail size={16} />} label={t('conversations.contact.email')} value={email} />
        )}
        {contact && (
          <Field
            icon={<IconBuildingStore size={16} />}
            label={t('conversations.contact.businessName')}
            value={contact.businessName}
          />
        )}
        {!contact && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="conversations.contact.unknownHelp" />
          </Text>
        )}
        {!anonymous && (
          <Button
            variant="light"
            size="xs"
            leftSection={contact ? <IconPencil size={14} /> : <IconUserPlus size={14} />}
            onClick={() => setEditing(true)}
          >
            <FormattedMessage id={contact ? 'contacts.panel.edit' : 'contacts.panel.create'} />
          </Button>
        )}
      </Stack>
      {editing && (
        <Suspense fallback={null}>
          <ContactDialog
            target={contact ? { mode: 'edit', id: contact.id } : { mode: 'new', phone: number ?? undefined }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
      <Divider />
      <Stack gap={4} p="lg">
        <Text size="xs" c="dimmed">
          <FormattedMessage
            id="conversations.contact.since"
            values={{ date: formatDate(conversation.createdAt) }}
          />
        </Text>
      </Stack>
    </aside>
  );
}
