import { type TransferTargets, type TransferExtension, type TransferTarget } from '@accueil/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';
import { PRESENCE_COLOR } from '../../lib/presence';
import { useLivePresence } from './live-presence';
import { useTransferTargets, useTransferExtensions } from './use-calls';

// The whole team (its queue or every member rings) is the first choice of the users' list.
const WHOLE_TEAM = 'team';

/** What the dialog lists: a team's users, its users' SIP lines, or the organisation's extensions. */
export type TransferList = 'users' | 'sip' | 'extensions';

/**
 * The choice a transfer confirms, from the dialog's fields: the list shown and the radio chosen
 * in it (`team`, a user id, a SIP user name, an extension id). Null until there is one: a team
 * must be picked for its users or lines; an extension needs none. Pure.
 */
export function transferTargetOf(
  list: TransferList,
  teamId: string | null,
  choice: string | null,
): TransferTarget | null {
  if (!choice) return null;
  if (list === 'extensions') return { kind: 'extension', extensionId: choice };
  if (!teamId) return null;
  if (list === 'sip') return { kind: 'sip', teamId, sip: choice };
  return choice === WHOLE_TEAM ? { kind: 'team', teamId } : { kind: 'user', teamId, userId: choice };
}

/**
 * The lists the dialog offers: a team's users and SIP lines, and the organisation's transfer
 * extensions only when its tier allows extension transfers (code 2). Pure.
 */
export function transferListsOf(extensionTransfer: boolean): TransferList[] {
  return extensionTransfer ? ['users', 'sip', 'extensions'] : ['users', 'sip'];
}

type Team = TransferTargets['teams'][number];

/** A radio of the list: its label with the details that tell the choices apart. */
function Choice({ value, testId, children }: { value: string; testId: string; children: ReactNode }) {
  return (
    <Radio
      value={value}
      data-testid={testId}
      label={
        <Group gap={6} wrap="nowrap">
          {children}
        </Group>
      }
    />
  );
}

type SharedLine = TransferTargets['sipLines'][number];

/** The radios of `list` (see `TransferDialog`); `shared`: the organisation's lines of no team, offered under every team. */
function ChoiceList({
  list,
  team,
  shared,
  extensions,
  selfId,
}: {
  list: TransferList;
  team: Team | undefined;
  shared: SharedLine[];
  extensions: TransferExtension[] | undefined;
  selfId: string | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `calls.transfer.${id}` }, values);
  const others = team?.users.filter((u) => u.id !== selfId) ?? [];
  if (list === 'extensions') {
    if (extensions?.length === 0) return <Text size="sm">{t('no-extensions')}</Text>;
    return (extensions ?? []).map((x) => (
      <Choice key={x.id} value={x.id} testId={`transfer-extension-${x.id}`}>
        <Text size="sm">{x.name}</Text>
        <Text size="xs" c="dimmed">
          {x.extension
            ? t('extension-number', { number: formatPhone(x.phoneNumber), extension: x.extension })
            : formatPhone(x.phoneNumber)}
        </Text>
      </Choice>
    ));
  }
  if (!team) return null;
  if (list === 'sip') {
    const lines = [
      ...others
        .filter((u) => u.sipUsername)
        .map((u) => ({ username: u.sipUsername!, holder: u.displayName })),
      ...shared.map((line) => ({ username: line.username, holder: line.displayName ?? t('shared-line') })),
    ];
    if (lines.length === 0) return <Text size="sm">{t('no-sip-lines')}</Text>;
    return lines.map((line) => (
      <Choice key={line.username} value={line.username} testId={`transfer-sip-${line.username}`}>
        <Text size="sm">{t('sip', { sip: line.username })}</Text>
        <Text size="xs" c="dimmed">
          {line.holder}
        </Text>
      </Choice>
    ));
  }
  return [
    <Radio
      key={WHOLE_TEAM}
      value={WHOLE_TEAM}
      label={t('whole-team', { team: team.label })}
      data-testid="transfer-whole-team"
    />,
    ...others.map((u) => (
      <Choice key={u.id} value={u.id} testId={`transfer-user-${u.id}`}>
        <Text size="sm">{u.displayName}</Text>
        <Badge size="sm" variant="dot" color={PRESENCE_COLOR[u.status]}>
          {intl.formatMessage({ id: `calls.presence.${u.status}` })}
        </Badge>
        {u.sipUsername && (
          <Text size="xs" c="dimmed">
            {t('sip', { sip: u.sipUsername })}
          </Text>
        )}
      </Choice>
    )),
  ];
}

/**
 * The transfer dialog (docs/behaviour/calls.md, "In the browser"): pick a team, then the whole
 * team or one of its users (their presence and SIP line shown), or one of its users' SIP lines
 * and the organisation's lines of no team;
 * with extension transfers in the tier (`extensionTransfer`), the organisation's transfer
 * extensions too. Confirm stays disabled until a choice is made. The teams come from
 * `GET /api/voice/v1/calls/availability`, the extensions from `GET /api/transfer-extension`, when
 * it opens, the users' presence kept live (`presence:updated`). The signed-in user is not offered.
 */
export function TransferDialog({
  selfId,
  extensionTransfer,
  onConfirm,
  onClose,
}: {
  selfId: string | null;
  extensionTransfer: boolean;
  onConfirm: (target: TransferTarget) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `calls.transfer.${id}` }, values);
  const targets = useTransferTargets();
  useLivePresence();
  const extensions = useTransferExtensions(extensionTransfer);
  const [list, setList] = useState<TransferList>('users');
  const [teamId, setTeamId] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(WHOLE_TEAM);
  const pick = (next: TransferList) => {
    setList(next);
    setChoice(next === 'users' ? WHOLE_TEAM : null);
  };
  const team = targets.data?.teams.find((x) => x.id === teamId);
  const target = transferTargetOf(list, teamId, choice);
  const pending = targets.isPending || (list === 'extensions' && extensions.isPending);
  const failed = targets.isError || (list === 'extensions' && extensions.isError);
  return (
    <Modal opened onClose={onClose} title={t('title')} size="md" data-testid="transfer-dialog">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('to')}
          value={list}
          onChange={(value) => pick(value)}
          data={transferListsOf(extensionTransfer).map((value) => ({ value, label: t(`list.${value}`) }))}
          data-testid="transfer-list"
        />
        {pending && <Loader size="sm" aria-label={t('loading')} />}
        {failed && (
          <Alert color="red" role="alert">
            {t('load-failed')}
          </Alert>
        )}
        {targets.data && list !== 'extensions' && (
          <Select
            label={t('team')}
            placeholder={t('pick')}
            data={targets.data.teams.map((x) => ({ value: x.id, label: x.label }))}
            value={teamId}
            onChange={(value) => {
              setTeamId(value);
              setChoice(list === 'users' ? WHOLE_TEAM : null);
            }}
            data-testid="transfer-team"
          />
        )}
        {(team || list === 'extensions') && (
          <Radio.Group label={t(`list.${list}`)} value={choice} onChange={setChoice}>
            <ScrollArea.Autosize mah={260}>
              <Stack gap={6} mt={4}>
                <ChoiceList
                  list={list}
                  team={team}
                  shared={targets.data?.sipLines ?? []}
                  extensions={extensions.data}
                  selfId={selfId}
                />
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={!target}
            onClick={() => target && onConfirm(target)}
            data-testid="transfer-confirm"
          >
            {t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
