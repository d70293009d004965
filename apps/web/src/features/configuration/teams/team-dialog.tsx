import type { TeamConfig, UserDirectoryEntry } from '@accueil/domain';
import { Divider, Modal, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { TeamMembers } from './team-members';
import { TeamSettingsForm } from './team-settings-form';

/** Props of {@link TeamDialog}: `'new'` creates a team; a team opens its settings and members. */
export interface TeamDialogProps {
  team: TeamConfig | 'new';
  directory: UserDirectoryEntry[];
  /** The organisation's administrators edit the settings and the administrator flags. */
  canManage: boolean;
  onClose: () => void;
}

/** A team's settings (label, e-mail, number, default inbox) and, for an existing team, its members. */
export function TeamDialog({ team, directory, canManage, onClose }: TeamDialogProps) {
  const intl = useIntl();
  const isNew = team === 'new';
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        isNew
          ? intl.formatMessage({ id: 'teamsUsers.teams.new' })
          : intl.formatMessage({ id: 'teamsUsers.teams.dialogTitle' }, { label: team.label })
      }
    >
      <Stack gap="lg">
        {(isNew || canManage) && (
          <TeamSettingsForm team={team} directory={directory} onDone={isNew ? onClose : undefined} />
        )}
        {!isNew && (
          <>
            {canManage && <Divider />}
            <TeamMembers team={team} directory={directory} canManage={canManage} />
          </>
        )}
      </Stack>
    </Modal>
  );
}
