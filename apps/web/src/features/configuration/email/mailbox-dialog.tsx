import {
  MAILBOX_AUTH_METHODS,
  type ConnectMailboxRequest,
  type Mailbox,
  type MailboxAuthMethod,
} from '@accueil/domain';
import { Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { EditDialog } from '../../../lib/config-kit';
import {
  applyServerError,
  FormError,
  LabelledSegmentedControl,
  SwitchField,
  useErrorText,
  useZodForm,
} from '../../../lib/forms';
import type { ImapServers } from '../../conversations/email/api';
import { useMailboxMutations } from '../../conversations/email/use-email';
import { AuthorizationPopupStatus } from '../../email-connection/authorization-popup-status';
import { useConnectImapWithOAuth } from '../../email-connection/use-mailbox-connection';

const port = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, 'number-invalid')
  .refine((v) => Number(v) >= 1 && Number(v) <= 65535, 'number-invalid');

/** The IMAP/SMTP form: ports as typed (checked as numbers), the password left empty to keep the stored one. */
const imapFormSchema = z.object({
  imapHost: z.string().trim().min(1, 'required'),
  imapPort: port,
  imapSecure: z.boolean(),
  smtpHost: z.string().trim().min(1, 'required'),
  smtpPort: port,
  smtpSecure: z.boolean(),
  username: z.string().trim().min(1, 'required'),
  password: z.string(),
});
type ImapForm = z.infer<typeof imapFormSchema>;

function toServers({ password: _password, ...values }: ImapForm): ImapServers {
  return { ...values, imapPort: Number(values.imapPort), smtpPort: Number(values.smtpPort) };
}

function toRequest(values: ImapForm): ConnectMailboxRequest {
  return { ...toServers(values), password: values.password === '' ? undefined : values.password };
}

/**
 * Connecting a team's mailbox (docs/behaviour/email.md, "Connecting a mailbox"): with IMAP its
 * servers and credentials (checked by the server, which signs in before keeping them), with
 * the sandbox nothing but a confirmation. When the server offers it (`authMethods`), IMAP signs
 * in either with a password or with OAuth 2 (XOAUTH2, "IMAP signed in with OAuth 2"): then
 * Connect opens the IMAP host's sign-in page in the 800×600 authorisation popup, and the dialog
 * closes once the popup does (the team's mailbox read again says how it went).
 */
export function MailboxDialog({
  mailbox,
  label,
  onClose,
}: {
  mailbox: Mailbox;
  label: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { connect } = useMailboxMutations(mailbox.userGroupId);
  const oauth = useConnectImapWithOAuth(mailbox.userGroupId);
  const offersOAuth = mailbox.provider === 'imap' && mailbox.authMethods.includes('oauth2');
  const [method, setMethod] = useState<MailboxAuthMethod>(offersOAuth ? mailbox.authMethod : 'password');
  const form = useZodForm(imapFormSchema, {
    defaultValues: {
      imapHost: mailbox.imapHost ?? '',
      imapPort: String(mailbox.imapPort ?? 993),
      imapSecure: mailbox.imapSecure,
      smtpHost: mailbox.smtpHost ?? '',
      smtpPort: String(mailbox.smtpPort ?? 465),
      smtpSecure: mailbox.smtpSecure,
      username: mailbox.username ?? mailbox.address ?? '',
      password: '',
    },
  });
  const sandbox = mailbox.provider === 'sandbox';
  const done = {
    onSuccess: onClose,
    onError: (error: unknown) =>
      applyServerError(form.setError, error, {
        codes: { 'mailbox-auth-failed': method === 'password' ? 'password' : 'username' },
        messages: {
          // Here they are about the connection being set up, not a mail sent or a grant expired.
          'mailbox-auth-failed': 'email.mailbox.credentialsRefused',
          'mail-unavailable':
            method === 'oauth2' ? 'email.mailbox.issuerUnreachable' : 'email.mailbox.serverUnreachable',
        },
      }),
  };
  const submit = sandbox
    ? (event: React.FormEvent) => {
        event.preventDefault();
        connect.mutate({}, done);
      }
    : form.handleSubmit((values) =>
        method === 'oauth2'
          ? oauth.mutate(
              { inboxEmail: mailbox.address ?? '', servers: toServers(values) },
              { onSuccess: (outcome) => outcome === 'closed' && onClose(), onError: done.onError },
            )
          : connect.mutate(toRequest(values), done),
      );
  const field = (name: keyof ImapForm) => ({
    ...form.register(name),
    error: errorText(form.formState.errors[name]?.message),
  });
  return (
    <EditDialog
      title={intl.formatMessage({ id: 'email.settings.dialogTitle' }, { team: label })}
      onClose={onClose}
      onSubmit={submit}
      submitting={connect.isPending || oauth.isPending}
      submitLabel={<FormattedMessage id="email.settings.connect" />}
      error={<FormError errors={form.formState.errors} />}
      testId="mailbox-dialog"
    >
      <Text size="sm">
        <FormattedMessage id="email.settings.address" values={{ address: mailbox.address }} />
      </Text>
      {sandbox ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="email.settings.sandboxIntro" />
        </Text>
      ) : (
        <>
          {offersOAuth && (
            <LabelledSegmentedControl<MailboxAuthMethod>
              id="mailbox-auth-method"
              label={<FormattedMessage id="email.settings.authMethod" />}
              value={method}
              onChange={setMethod}
              data={MAILBOX_AUTH_METHODS.map((m) => ({
                value: m,
                label: intl.formatMessage({ id: `email.settings.auth.${m}` }),
              }))}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label={intl.formatMessage({ id: 'email.settings.imapHost' })}
              data-autofocus
              {...field('imapHost')}
            />
            <TextInput
              label={intl.formatMessage({ id: 'email.settings.port' })}
              inputMode="numeric"
              maw={110}
              {...field('imapPort')}
            />
          </Group>
          <SwitchField
            control={form.control}
            name="imapSecure"
            label={intl.formatMessage({ id: 'email.settings.tls' })}
          />
          <Group grow align="flex-start">
            <TextInput label={intl.formatMessage({ id: 'email.settings.smtpHost' })} {...field('smtpHost')} />
            <TextInput
              label={intl.formatMessage({ id: 'email.settings.port' })}
              inputMode="numeric"
              maw={110}
              {...field('smtpPort')}
            />
          </Group>
          <SwitchField
            control={form.control}
            name="smtpSecure"
            label={intl.formatMessage({ id: 'email.settings.tls' })}
          />
          <TextInput
            label={intl.formatMessage({ id: 'email.settings.username' })}
            autoComplete="off"
            {...field('username')}
          />
          {method === 'password' ? (
            <PasswordInput
              label={intl.formatMessage({ id: 'email.settings.password' })}
              description={
                mailbox.hasPassword ? intl.formatMessage({ id: 'email.settings.passwordKept' }) : undefined
              }
              autoComplete="new-password"
              {...field('password')}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="mailbox-oauth-intro">
              <FormattedMessage id="email.settings.oauthIntro" />
            </Text>
          )}
          <AuthorizationPopupStatus blocked={oauth.data === 'blocked'} waiting={oauth.isPending} />
        </>
      )}
    </EditDialog>
  );
}
