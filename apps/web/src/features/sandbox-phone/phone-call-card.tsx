import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhone, IconPhoneOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { KEYPAD_KEYS } from '../calls/keypad-keys';
import { usePhoneCall } from './use-phone-call';

/**
 * The simulated phone's calls (docs/behaviour/calls.md, "Sandbox calls"): a dial pad whose
 * number starts as the chosen team's, a call button, and while a call rings or is under way its
 * state, answer / hang up, and the keys sending tones (DTMF) on the call; a call transferred to
 * this number as an extension shows the extension's digits the network sent once answered.
 */
export function PhoneCallCard({ phone, teamNumber }: { phone: string; teamNumber: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { call, failed, dial, answer, hangUp, sendDigits } = usePhoneCall(phone);
  // What was typed for the team shown; another team starts from its own number.
  const [edited, setEdited] = useState<{ team: string; value: string } | null>(null);
  const typed = edited?.team === teamNumber ? edited.value : teamNumber;
  const setTyped = (value: string) => setEdited({ team: teamNumber, value });
  const press = (key: string) => (call ? sendDigits(key) : setTyped(typed + key));
  const fail = (error: unknown) => notifyError(error, 'sandboxPhone.call.failed');

  let state: string | null = null;
  if (call?.state === 'ringing')
    state =
      call.direction === 'outbound'
        ? t('sandboxPhone.call.incoming', { number: formatPhone(call.teamNumber) })
        : t('sandboxPhone.call.ringing');
  else if (call?.state === 'in-progress') state = t('sandboxPhone.call.connected');
  else if (call?.state === 'held') state = t('sandboxPhone.call.held');

  return (
    <Stack gap="sm" data-testid="phone-call">
      <Title order={3} size="h5">
        {t('sandboxPhone.call.title')}
      </Title>
      <TextInput
        label={t('sandboxPhone.call.number')}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        disabled={call !== null}
      />
      <SimpleGrid cols={3} spacing={6} role="group" aria-label={t('sandboxPhone.call.keypad')}>
        {KEYPAD_KEYS.map((key) => (
          <Button key={key} variant="default" size="xs" onClick={() => press(key)}>
            {key}
          </Button>
        ))}
      </SimpleGrid>
      <Text size="sm" role="status" data-testid="phone-call-state" c={failed && !call ? 'red.8' : undefined}>
        {state ?? (failed ? t('sandboxPhone.call.failed') : t('sandboxPhone.call.idle'))}
      </Text>
      {call?.digits && (
        <Text size="sm" data-testid="phone-call-digits">
          {t('sandboxPhone.call.digits', { digits: call.digits })}
        </Text>
      )}
      <Group grow>
        {!call && (
          <Button
            color="teal.9"
            leftSection={<IconPhone size={16} />}
            onClick={() => void dial(typed).catch(fail)}
            data-testid="phone-dial"
          >
            {t('sandboxPhone.call.dial')}
          </Button>
        )}
        {call?.direction === 'outbound' && call.state === 'ringing' && (
          <Button
            color="teal.9"
            leftSection={<IconPhone size={16} />}
            onClick={() => void answer().catch(fail)}
            data-testid="phone-answer"
          >
            {t('sandboxPhone.call.answer')}
          </Button>
        )}
        {call && (
          <Button
            color="red.9"
            leftSection={<IconPhoneOff size={16} />}
            onClick={() => void hangUp()}
            data-testid="phone-hang-up"
          >
            {t('sandboxPhone.call.hangUp')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
