import type { ConversationAssignee } from '@accueil/domain';
import { Avatar, type MantineSize } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LazyTooltip } from '../../components/lazy-tooltip';

/**
 * The assignee of a conversation as their initials (colour derived from the name), with
 * "Assigned to <name>" as the image's accessible name and tooltip
 * (docs/behaviour/assignment.md). Nothing for an unassigned conversation.
 */
export function AssigneeAvatar({
  assignee,
  size = 22,
}: {
  assignee: ConversationAssignee | null | undefined;
  size?: MantineSize | number;
}) {
  const intl = useIntl();
  if (!assignee) return null;
  const label = intl.formatMessage({ id: 'conversations.assign.assignedTo' }, { name: assignee.name });
  return (
    <LazyTooltip label={label} withArrow>
      <Avatar
        role="img"
        size={size}
        name={assignee.name}
        color="initials"
        aria-label={label}
        data-testid="assignee-avatar"
        style={{ flex: 'none' }}
      />
    </LazyTooltip>
  );
}
