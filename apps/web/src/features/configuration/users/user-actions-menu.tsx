import type { UserAccount } from '@accueil/domain';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconMailForward,
  IconPencil,
  IconPlugConnectedX,
  IconUserCheck,
  IconUserOff,
  type Icon,
} from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { confirmAction } from '../../../lib/config-kit';
import { useUserAction, type UserAction as Action } from '../teams/use-teams-users';

/** Each action's icon and the message id of its success toast (`teamsUsers.users.<id>`). */
const ACTIONS: Record<Action, { icon: Icon; done: string }> = {
  invite: { icon: IconMailForward, done: 'inviteSent' },
  force: { icon: IconPlugConnectedX, done: 'forced' },
  enable: { icon: IconUserCheck, done: 'enabled' },
  disable: { icon: IconUserOff, done: 'disabled' },
};

/**
 * A user row's menu: edit, and (not on one's own row) send the invitation again, force out,
 * disable or enable. Each action asks first (`teamsUsers.users.<action>Title`/`Body`, forcing
 * out and disabling in red) and runs only when confirmed.
 */
export function UserActionsMenu({
  user,
  self,
  onEdit,
}: {
  user: UserAccount;
  self: boolean;
  onEdit: (user: UserAccount) => void;
}) {
  const intl = useIntl();
  const action = useUserAction();
  async function act(kind: Action) {
    const ok = await confirmAction({
      titleId: `teamsUsers.users.${kind}Title`,
      bodyId: `teamsUsers.users.${kind}Body`,
      confirmId: `teamsUsers.users.${kind}`,
      values: { name: user.displayName, email: user.email },
      danger: kind === 'force' || kind === 'disable',
    });
    if (ok) action.mutate({ user, kind, doneId: `teamsUsers.users.${ACTIONS[kind].done}` });
  }
  const offered: Action[] = self ? [] : user.disabledAt ? ['enable'] : ['invite', 'force', 'disable'];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={intl.formatMessage({ id: 'teamsUsers.users.actionsOf' }, { name: user.displayName })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(user)}>
          <FormattedMessage id="teamsUsers.users.edit" />
        </Menu.Item>
        {offered.map((kind) => {
          const { icon: ActionIconOf } = ACTIONS[kind];
          return (
            <Menu.Item
              key={kind}
              color={kind === 'disable' ? 'red' : undefined}
              leftSection={<ActionIconOf size={16} />}
              onClick={() => void act(kind)}
            >
              <FormattedMessage id={`teamsUsers.users.${kind}`} />
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
