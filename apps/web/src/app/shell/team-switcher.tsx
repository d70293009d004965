import { Text, UnstyledButton, Group, ThemeIcon, Loader } from '@mantine/core';
import { IconSelector, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { deferred } from '../deferred';
import { LazyMenu } from '../../components/lazy-menu';
import { notifyError, notifySuccess } from '../../lib/notify';
import { switchTeam, useSession } from '../../lib/session';

const TeamMenu = deferred(() => import('./team-menu').then((m) => m.TeamMenu));

/**
 * The current team and, for people in several teams, a menu to switch (PUT
 * auth/user-group). Every cached query is invalidated after a switch: lists are team-scoped.
 */
export function TeamSwitcher() {
  const { context } = useSession();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  if (!context) return null;
  const current = context.userGroup;
  const teams = context.userGroups;
  const canSwitch = teams.length > 1;

  const choose = async (teamId: string) => {
    if (teamId === current?.id) return;
    setPending(true);
    try {
      const next = await switchTeam(teamId);
      await queryClient.invalidateQueries();
      notifySuccess(intl.formatMessage({ id: 'shell.team.switched' }, { team: next.userGroup?.label ?? '' }));
    } catch (error) {
      notifyError(error, 'shell.team.switchFailed');
    } finally {
      setPending(false);
    }
  };

  const target = (
    <UnstyledButton
      data-testid="team-switcher"
      disabled={!canSwitch || pending}
      // Named by what it shows ("Équipe Principal"), which voice control users can say; what it
      // does is its description (and tooltip).
      title={intl.formatMessage({ id: 'shell.team.switchTo' })}
      style={{
        width: '100%',
        padding: '8px 10px',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-body)',
        border: '1px solid var(--mantine-color-default-border)',
        cursor: canSwitch ? 'pointer' : 'default',
      }}
    >
      <Group gap={10} wrap="nowrap">
        <ThemeIcon variant="light" size={32} radius="md">
          <IconUsersGroup size={18} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" lh={1.2}>
            <FormattedMessage id="shell.team.label" />
          </Text>
          <Text size="sm" fw={600} truncate lh={1.3}>
            {current?.label ?? intl.formatMessage({ id: 'shell.team.none' })}
          </Text>
        </div>
        {pending ? (
          <Loader size={14} />
        ) : (
          canSwitch && <IconSelector size={16} color="var(--mantine-color-gray-6)" />
        )}
      </Group>
    </UnstyledButton>
  );

  if (!canSwitch) return target;
  return (
    <LazyMenu
      part={TeamMenu}
      target={target}
      opened={menuOpen}
      onChange={setMenuOpen}
      teams={teams}
      currentId={current?.id}
      onChoose={(teamId) => void choose(teamId)}
    />
  );
}
