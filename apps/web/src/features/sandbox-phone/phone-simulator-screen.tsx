import { DEFAULT_TEAM_LABEL, normalizeOutboundPhone } from '@accueil/domain';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { intlFor, normalizeLocale } from '../../lib/i18n';
import { notifyError } from '../../lib/notify';
import { NumberPickers, OTHER_NUMBER } from './number-pickers';
import { PhoneCallCard } from './phone-call-card';
import { PhoneDevice } from './phone-device';
import classes from './sandbox-phone.module.css';
import { threadBetween } from './thread';
import { usePhoneMessages, useSandboxDirectory, useSendFromPhone } from './use-sandbox-phone';

export { SANDBOX_POLL_MS } from './use-sandbox-phone';

/** Title, explanation and the language switch (`?lang=`) of the simulator page. */
function SimulatorHeader() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const lang = normalizeLocale(params.get('lang')) ?? intl.locale;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" className={classes.header}>
      <div>
        <Title order={2}>
          <FormattedMessage id="sandboxPhone.title" />
        </Title>
        <Text c="dimmed" maw={560}>
          <FormattedMessage id="sandboxPhone.subtitle" />
        </Text>
      </div>
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'sandboxPhone.language' })}
        value={lang.startsWith('en') ? 'en' : 'fr'}
        onChange={(v) =>
          setParams((p) => {
            p.set('lang', v);
            return p;
          })
        }
        data={[
          { value: 'fr', label: 'Français' },
          { value: 'en', label: 'English' },
        ]}
      />
    </Group>
  );
}

function Simulator() {
  const intl = useIntl();
  const directory = useSandboxDirectory();
  const [contactChoice, setContactChoice] = useState<string | null>(null);
  const [otherNumber, setOtherNumber] = useState('');
  const [teamChoice, setTeamChoice] = useState<string | null>(null);

  const contacts = directory.data?.contacts ?? [];
  const teams = directory.data?.teams ?? [];
  const choice = contactChoice ?? contacts[0]?.phone ?? OTHER_NUMBER;
  const phone = choice === OTHER_NUMBER ? normalizeOutboundPhone(otherNumber) : choice;
  const contactOrg = contacts.find((c) => c.phone === choice)?.organization;
  const sameOrg = teams.filter((t) => t.organization === contactOrg);
  const team =
    teams.find((t) => t.phoneNumber === teamChoice) ??
    sameOrg.find((t) => t.label === DEFAULT_TEAM_LABEL) ??
    sameOrg[0] ??
    teams[0];

  const { messages, refetch } = usePhoneMessages(phone);
  const thread = useMemo(
    () => (phone && team ? threadBetween(messages.data ?? [], phone, team.phoneNumber) : []),
    [messages.data, phone, team],
  );
  const send = useSendFromPhone(phone, team?.phoneNumber, refetch);

  return (
    <div className={classes.page}>
      <SimulatorHeader />
      {directory.isPending && (
        <Center mt="xl">
          <Loader />
        </Center>
      )}
      {directory.isError && (
        <Alert
          color="orange"
          icon={<IconInfoCircle />}
          maw={640}
          mx="auto"
          mt="xl"
          title={intl.formatMessage({ id: 'sandboxPhone.unavailable.title' })}
        >
          <FormattedMessage id="sandboxPhone.unavailable.body" />
        </Alert>
      )}
      {directory.data && (
        <div className={classes.layout}>
          <Card className={classes.settings} withBorder radius="md" padding="lg">
            <Stack gap="lg">
              <NumberPickers
                directory={directory.data}
                contactChoice={choice}
                onContactChoice={(value) => {
                  // A demo contact texts its own organisation's team; a typed number keeps the team shown.
                  setTeamChoice(value === OTHER_NUMBER ? (team?.phoneNumber ?? null) : null);
                  setContactChoice(value);
                }}
                otherNumber={otherNumber}
                onOtherNumber={setOtherNumber}
                team={team?.phoneNumber ?? null}
                onTeam={setTeamChoice}
              />
              {phone && team && <PhoneCallCard phone={phone} teamNumber={team.phoneNumber} />}
              <Text size="sm" c="dimmed">
                <FormattedMessage id="sandboxPhone.howTo" />
              </Text>
              <Anchor href="/conversations" target="_blank" size="sm">
                <Group gap={4} component="span">
                  <FormattedMessage id="sandboxPhone.openInbox" />
                  <IconExternalLink size={14} />
                </Group>
              </Anchor>
            </Stack>
          </Card>
          {phone && team ? (
            <PhoneDevice
              teamLabel={`${team.organization} — ${team.label}`}
              teamNumber={team.phoneNumber}
              messages={thread}
              loading={messages.isPending}
              sending={send.isPending}
              onSend={(body, picture) =>
                send.mutateAsync({ body, ...(picture ? { picture } : {}) }).then(
                  () => true,
                  (error: unknown) => {
                    notifyError(error, 'sandboxPhone.error.send');
                    return false;
                  },
                )
              }
            />
          ) : (
            <Card className={classes.device} withBorder>
              <Center h="100%">
                <Text c="dimmed" ta="center" px="lg">
                  <FormattedMessage id={team ? 'sandboxPhone.pickNumber' : 'sandboxPhone.noTeam'} />
                </Text>
              </Center>
            </Card>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The phone simulator (`/sandbox/phone`, no sign-in): plays a contact's phone on the
 * sandbox network — texts a team number and receives its replies live. `?lang=en|fr`
 * chooses the language; otherwise the app's locale (the user's, or the browser's).
 */
export function PhoneSimulatorScreen() {
  const [params] = useSearchParams();
  const locale = normalizeLocale(params.get('lang'));
  if (!locale) return <Simulator />;
  return (
    <RawIntlProvider value={intlFor(locale)}>
      <Simulator />
    </RawIntlProvider>
  );
}
