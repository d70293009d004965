import {
  PARK_SLOTS_MAX,
  SIP_USERNAME_PATTERN,
  TRANSFER_NAME_MAX_CHARS,
  sipUserRequestSchema,
  updatePhoneSettingsRequestSchema,
  type PhoneSettings,
} from '@accueil/domain';
import { Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { issuesOfApiError, issuesOfZod, type FieldIssues } from '../field-issues';
import { issueText } from './phone-issues';
import { PhonesTable } from './phones-table';
import { Section } from './section';
import { useSavePhoneSettings, useSipUserMutations, useSipUsers } from './use-phones';

/** Parked lines (how many park slots) and the SIP domain, then the SIP users of that domain. */
export function LinesSection({ phone }: { phone: PhoneSettings }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const [parkSlots, setParkSlots] = useState<number | string>(phone.parkSlots);
  const [sipDomain, setSipDomain] = useState(phone.sipDomain ?? '');
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const request = { parkSlots: typeof parkSlots === 'number' ? parkSlots : Number.NaN, sipDomain };
  const parsed = updatePhoneSettingsRequestSchema.safeParse(request);
  const issues = { ...serverIssues, ...(parsed.success ? {} : issuesOfZod(parsed.error)) };
  const save = useSavePhoneSettings('phones.lines.saved');

  return (
    <Section id="phones-lines" title={t('lines.title')} intro={t('lines.intro')}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed.success) return;
          save.mutate(request, {
            onSuccess: (saved) => {
              setSipDomain(saved.sipDomain ?? '');
              setServerIssues({});
            },
            onError: (error) => setServerIssues(issuesOfApiError(error)),
          });
        }}
      >
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberInput
            label={t('lines.parkSlots')}
            description={t('lines.parkSlots.help', { max: PARK_SLOTS_MAX })}
            min={0}
            max={PARK_SLOTS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={parkSlots}
            error={issueText(intl, issues, 'parkSlots', { min: 0, max: PARK_SLOTS_MAX })}
            onChange={setParkSlots}
            w={220}
          />
          <TextInput
            label={t('lines.sipDomain')}
            description={t('lines.sipDomain.help')}
            placeholder="clinique.sip.twilio.com"
            value={sipDomain}
            error={issueText(intl, issues, 'sipDomain')}
            onChange={(e) => setSipDomain(e.currentTarget.value)}
            w={320}
          />
        </Group>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending} disabled={!parsed.success}>
            {t('lines.save')}
          </Button>
        </Group>
      </form>
      <SipUsers />
    </Section>
  );
}

function SipUsers() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const users = useSipUsers();
  const { add, remove } = useSipUserMutations();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const parsed = sipUserRequestSchema.safeParse({ username, displayName: displayName || null });
  const issues = { ...serverIssues, ...(tried && !parsed.success ? issuesOfZod(parsed.error) : {}) };
  const rows = users.data ?? [];
  const usernameIssue =
    serverIssues.username === 'sip-user-taken'
      ? t('issue.sip-user-taken')
      : issueText(intl, issues, 'username');
  return (
    <Stack gap="sm">
      <Title order={4} size="h6" id="phones-sip-users">
        {t('sip.title')}
      </Title>
      <PhonesTable
        labelledBy="phones-sip-users"
        rows={rows}
        empty={t('sip.none')}
        columns={[
          { key: 'username', header: t('sip.username'), cell: (row) => row.username },
          { key: 'displayName', header: t('sip.displayName'), cell: (row) => row.displayName ?? '—' },
        ]}
        actionsHeader={t('transfers.actions')}
        actions={[
          {
            key: 'remove',
            label: (row) => t('sip.remove', { name: row.username }),
            icon: <IconTrash size={16} aria-hidden />,
            color: 'red',
            onClick: (row) => remove.mutate(row.id),
          },
        ]}
      />
      <form
        noValidate
        aria-label={t('sip.addForm')}
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!parsed.success) return;
          add.mutate(
            { username: username.trim(), displayName: displayName.trim() || null },
            {
              onSuccess: () => {
                setUsername('');
                setDisplayName('');
                setTried(false);
                setServerIssues({});
              },
              onError: (error) => {
                const fields = issuesOfApiError(error);
                setServerIssues(Object.keys(fields).length > 0 ? fields : { username: 'sip-user-taken' });
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('sip.username')}
              description={t('sip.username.help')}
              required
              pattern={SIP_USERNAME_PATTERN.source}
              value={username}
              error={usernameIssue}
              onChange={(e) => {
                setUsername(e.currentTarget.value);
                setServerIssues({});
              }}
              w={320}
            />
            <TextInput
              label={t('sip.displayName')}
              description={t('sip.displayName.help')}
              maxLength={TRANSFER_NAME_MAX_CHARS}
              value={displayName}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
              w={220}
            />
          </Group>
          <Button type="submit" loading={add.isPending} w="fit-content">
            {t('sip.add')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
