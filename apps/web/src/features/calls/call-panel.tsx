import { callPanelTitle, canHandOver, canToggleHold } from '@accueil/domain';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowForwardUp,
  IconDialpad,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhone,
  IconPhoneOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';
import type { CallController, CallView } from './call-controller';
import classes from './calls.module.css';
import { KEYPAD_KEYS } from './keypad-keys';
import { TransferDialog } from './transfer-dialog';

/** Seconds since `from` (epoch ms), ticking every second; 0 while null. */
function useElapsedSeconds(from: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (from === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [from]);
  return from === null ? 0 : Math.max(0, Math.floor((now - from) / 1000));
}

/** mm:ss (or h:mm:ss past an hour). */
export function formatCallDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(seconds % 60)}` : `${two(m)}:${two(seconds % 60)}`;
}

function PanelAction({
  label,
  onClick,
  disabled,
  pressed,
  color = 'gray',
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  color?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={pressed ? 'filled' : 'light'}
        color={color}
        size="xl"
        radius="xl"
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function Keypad({ onKey }: { onKey: (key: string) => void }) {
  const intl = useIntl();
  return (
    <SimpleGrid
      cols={3}
      spacing={6}
      role="group"
      aria-label={intl.formatMessage({ id: 'calls.keypad.label' })}
    >
      {KEYPAD_KEYS.map((key) => (
        <Button
          key={key}
          variant="default"
          size="sm"
          onClick={() => onKey(key)}
          data-testid={`keypad-${key}`}
        >
          {key}
        </Button>
      ))}
    </SimpleGrid>
  );
}

/**
 * The call panel (docs/behaviour/calls.md): title, the other end's number (and the team a
 * transferred call came from, when `teamLabelOf` knows it), duration; accept and
 * reject while it rings; then mute, hold / resume, keypad, transfer, send to queue and hang up,
 * each enabled as the call machine allows; the transfer dialog offers extensions when
 * `extensionTransfer` (the tier's code 2). Nothing while idle.
 */
export function CallPanel({
  view,
  controller,
  selfId,
  extensionTransfer,
  teamLabelOf = () => null,
}: {
  view: CallView;
  controller: CallController;
  selfId: string | null;
  extensionTransfer: boolean;
  teamLabelOf?: (teamId: string) => string | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const elapsed = useElapsedSeconds(view.answeredAt);
  // The keypad or transfer form open, for the call it was opened on (a new call starts without).
  const [opened, setOpened] = useState<{ callId: string; kind: 'keypad' | 'transfer' } | null>(null);
  const { snapshot } = view;
  const call = snapshot.call;
  const extra = opened && opened.callId === call?.callId ? opened.kind : null;
  const setExtra = (kind: 'keypad' | 'transfer' | null) =>
    setOpened(kind && call ? { callId: call.callId, kind } : null);
  const title = callPanelTitle(snapshot, elapsed, { transferred: view.transferredFrom !== null });
  if (!call || !title) return null;
  const fromTeam = view.transferredFrom?.teamId ? teamLabelOf(view.transferredFrom.teamId) : null;
  const ringing = snapshot.phase === 'incoming';
  const held = call.hold === 'held' || call.hold === 'holding';
  const status = held ? t('calls.status.held') : call.muted ? t('calls.status.muted') : null;
  return (
    <Paper
      className={classes.panel}
      p="md"
      shadow="lg"
      radius="md"
      withBorder
      role="region"
      aria-label={t(`calls.title.${title}`)}
      data-testid="call-panel"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={700} data-testid="call-title">
              {t(`calls.title.${title}`)}
            </Text>
            <Text size="sm">{view.number ? formatPhone(view.number) : t('calls.unknownNumber')}</Text>
            {fromTeam && (
              <Text size="xs" c="dimmed" data-testid="call-transferred-from">
                {t('calls.transferredFrom', { team: fromTeam })}
              </Text>
            )}
          </div>
          <Text ff="monospace" size="lg" aria-label={t('calls.duration')} data-testid="call-duration">
            {formatCallDuration(elapsed)}
          </Text>
        </Group>
        {status && (
          <Text size="sm" c="orange.9" role="status" data-testid="call-status">
            {status}
          </Text>
        )}
        {ringing ? (
          <Group grow>
            <Button
              color="teal.9"
              leftSection={<IconPhone size={18} />}
              onClick={controller.accept}
              data-testid="call-accept"
            >
              {t('calls.action.accept')}
            </Button>
            <Button
              color="red.9"
              leftSection={<IconPhoneOff size={18} />}
              onClick={controller.reject}
              data-testid="call-reject"
            >
              {t('calls.action.reject')}
            </Button>
          </Group>
        ) : (
          <>
            <Group justify="space-between" wrap="nowrap" gap={6}>
              <PanelAction
                label={t(call.muted ? 'calls.action.unmute' : 'calls.action.mute')}
                pressed={call.muted}
                disabled={call.hold !== 'none'}
                onClick={controller.toggleMute}
              >
                {call.muted ? <IconMicrophoneOff size={20} /> : <IconMicrophone size={20} />}
              </PanelAction>
              <PanelAction
                label={t(held ? 'calls.action.resume' : 'calls.action.hold')}
                pressed={held}
                disabled={!canToggleHold(snapshot)}
                onClick={controller.toggleHold}
              >
                {held ? <IconPlayerPlay size={20} /> : <IconPlayerPause size={20} />}
              </PanelAction>
              <PanelAction
                label={t('calls.action.keypad')}
                pressed={extra === 'keypad'}
                onClick={() => setExtra(extra === 'keypad' ? null : 'keypad')}
              >
                <IconDialpad size={20} />
              </PanelAction>
              <PanelAction
                label={t('calls.action.transfer')}
                pressed={extra === 'transfer'}
                testId="call-transfer"
                disabled={!canHandOver(snapshot)}
                onClick={() => setExtra(extra === 'transfer' ? null : 'transfer')}
              >
                <IconArrowForwardUp size={20} />
              </PanelAction>
              <PanelAction
                label={t('calls.action.queue')}
                testId="call-queue"
                disabled={!canHandOver(snapshot)}
                onClick={controller.sendToQueue}
              >
                <IconUsersGroup size={20} />
              </PanelAction>
            </Group>
            {extra === 'keypad' && <Keypad onKey={controller.sendDigits} />}
            {extra === 'transfer' && (
              <TransferDialog
                selfId={selfId}
                extensionTransfer={extensionTransfer}
                onClose={() => setExtra(null)}
                onConfirm={(target) => {
                  setExtra(null);
                  controller.transfer(target);
                }}
              />
            )}
            <Button
              color="red.9"
              leftSection={<IconPhoneOff size={18} />}
              onClick={controller.hangUp}
              data-testid="call-hang-up"
            >
              {t('calls.action.hangUp')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
