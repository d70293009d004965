import {
  normalizeOutboundPhone,
  normalizeSearch,
  type ContactDetails,
  type Conversation,
  type LookupResponse,
} from '@accueil/domain';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhone } from '@tabler/icons-react';
import type { CountryCode } from 'libphonenumber-js';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { formatPhone } from '../../lib/format';
import { useZodForm } from '../../lib/forms';
import { notifyError } from '../../lib/notify';
import classes from './conversations.module.css';
import { ExistingNoticeAlert, type ExistingNotice } from './existing-notice';
import { useContactMatches, useCreateConversation, usePhoneLookup } from './use-new-conversation';
import {
  newConversationSchema,
  stripWhitespace,
  type NewConversationInput,
  type NewConversationValues,
} from './new-conversation-form';

/** Contacts offered for a name typed in the number field. */
const NAME_MATCHES = 6;

/** A term with a letter is a name to look for, not a number (`1-800-FLOWERS` aside). */
function isNameTerm(value: string): boolean {
  const term = normalizeSearch(value);
  return /\p{L}/u.test(value) && term !== null && term !== 'too-short';
}

/** Props of {@link NewConversationDialog}. */
export interface NewConversationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Opens a conversation (the new one, or the existing one a notice points to). */
  onOpen: (conversationId: string) => void;
  /** Country used to read numbers typed without their country code. */
  country?: CountryCode;
}

/** Turns a lookup answer into the notice to show, if any. */
export function noticeFromLookup(lookup: LookupResponse | undefined): ExistingNotice | null {
  if (!lookup) return null;
  if (lookup.conversation) {
    const kind = lookup.conversation.status === 'inactive' ? 'archived' : 'exists';
    return { kind, conversationId: lookup.conversation.id };
  }
  return lookup.contact ? { kind: 'contact', contact: lookup.contact } : null;
}

/** Turns a 409 answer of `POST /api/conversations` into a notice. */
function noticeFromConflict(error: unknown): ExistingNotice | null {
  if (!(error instanceof ApiError)) return null;
  const id = (error.details as { conversationId?: unknown } | undefined)?.conversationId;
  if (typeof id !== 'string') return null;
  if (error.code === 'conversation-exists') return { kind: 'exists', conversationId: id };
  if (error.code === 'conversation-archived') return { kind: 'archived', conversationId: id };
  return null;
}

/**
 * New conversation: a phone number (whitespace stripped, validated with
 * `normalizeOutboundPhone`) and an optional first message. As soon as the number is valid, it
 * says what already exists for it; `POST /api/conversations` then opens the new conversation.
 * The same field finds a contact by name: 3 characters or more with a letter search the
 * contacts (`GET /api/contacts?search=`, names, e-mail and phone, accents ignored), and picking
 * one puts its number in the field.
 */
export function NewConversationDialog({
  opened,
  onClose,
  onOpen,
  country = 'CA',
}: NewConversationDialogProps) {
  const intl = useIntl();
  const create = useCreateConversation();
  const schema = useMemo(() => newConversationSchema(country), [country]);
  const form = useZodForm<NewConversationInput, NewConversationValues>(schema, {
    defaultValues: { phone: '', body: '' },
  });
  const [conflict, setConflict] = useState<ExistingNotice | null>(null);
  const phone = useWatch({ control: form.control, name: 'phone' });
  const [normalized] = useDebouncedValue(normalizeOutboundPhone(phone, country), 250);
  const lookup = usePhoneLookup(normalized, opened);
  const notice = conflict ?? (normalized ? noticeFromLookup(lookup.data) : null);
  const [nameTerm] = useDebouncedValue(isNameTerm(phone) ? phone.trim() : '', 250);
  const matches = useContactMatches(nameTerm, NAME_MATCHES, opened);
  const pick = (contact: ContactDetails) => {
    if (!contact.phone) return;
    setConflict(null);
    form.setValue('phone', contact.phone, { shouldValidate: true });
  };

  const close = () => {
    form.reset();
    setConflict(null);
    onClose();
  };
  const open = (id: string) => {
    close();
    onOpen(id);
  };
  const submit = form.handleSubmit(async (values) => {
    const to = normalizeOutboundPhone(values.phone, country);
    if (!to) return;
    try {
      const conversation: Conversation = await create.mutateAsync({
        to,
        body: values.body.trim() || undefined,
      });
      open(conversation.id);
    } catch (error) {
      const fromConflict = noticeFromConflict(error);
      if (fromConflict) setConflict(fromConflict);
      else if (error instanceof ApiError && error.code === 'phone-invalid')
        form.setError('phone', { message: 'phone-invalid' });
      else notifyError(error, 'conversations.error.create');
    }
  });
  const phoneError = form.formState.errors.phone?.message;
  const bodyError = form.formState.errors.body?.message;
  const phoneField = form.register('phone', {
    onChange: (e: { target: { value: string } }) => {
      setConflict(null);
      // A name keeps its spaces; a number loses them.
      if (/\p{L}/u.test(e.target.value)) return;
      const stripped = stripWhitespace(e.target.value);
      if (stripped !== e.target.value)
        form.setValue('phone', stripped, { shouldValidate: form.formState.isSubmitted });
    },
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={intl.formatMessage({ id: 'conversations.new.title' })}
      centered
      size="md"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            {...phoneField}
            label={intl.formatMessage({ id: 'conversations.new.phone' })}
            placeholder={intl.formatMessage({ id: 'conversations.new.phonePlaceholder' })}
            description={intl.formatMessage({ id: 'conversations.new.phoneHelp' })}
            leftSection={<IconPhone size={16} />}
            error={
              phoneError ? intl.formatMessage({ id: `conversations.new.error.${phoneError}` }) : undefined
            }
            inputMode="tel"
            autoComplete="off"
            data-autofocus
            required
          />
          {nameTerm !== '' && isNameTerm(phone) && matches.data && (
            <ContactMatches contacts={matches.data.items} onPick={pick} />
          )}
          {notice && <ExistingNoticeAlert notice={notice} onOpen={open} />}
          <Textarea
            {...form.register('body')}
            label={intl.formatMessage({ id: 'conversations.new.body' })}
            placeholder={intl.formatMessage({ id: 'conversations.new.bodyPlaceholder' })}
            error={bodyError ? intl.formatMessage({ id: `conversations.new.error.${bodyError}` }) : undefined}
            autosize
            minRows={3}
            maxRows={8}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="conversations.action.cancel" />
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              <FormattedMessage id="conversations.new.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The contacts a name found: each with a number is a button that puts it in the field. */
function ContactMatches({
  contacts,
  onPick,
}: {
  contacts: readonly ContactDetails[];
  onPick: (c: ContactDetails) => void;
}) {
  const intl = useIntl();
  if (contacts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="conversations.new.noMatch" />
      </Text>
    );
  }
  return (
    <Stack
      gap={2}
      component="ul"
      aria-label={intl.formatMessage({ id: 'conversations.new.matches' })}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {contacts.map((c) => (
        <li key={c.id}>
          {c.phone ? (
            <UnstyledButton onClick={() => onPick(c)} className={classes.contactMatch}>
              <Text size="sm" fw={600} span>
                {c.fullname}
              </Text>{' '}
              <Text size="sm" c="dimmed" span>
                {formatPhone(c.phone)}
              </Text>
            </UnstyledButton>
          ) : (
            <Text size="sm" c="dimmed" px="xs" py={4}>
              {c.fullname} · <FormattedMessage id="conversations.new.noPhone" />
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}
