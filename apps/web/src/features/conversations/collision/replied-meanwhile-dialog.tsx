import type { RepliedMeanwhileDetails } from '@accueil/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

/** Props of {@link RepliedMeanwhileDialog}. */
export interface RepliedMeanwhileDialogProps {
  /** Who replied when (the 409's details); null closes the dialog. */
  details: RepliedMeanwhileDetails | null;
  /** When the warning came (epoch ms): "30 s ago" is counted from it. */
  now: number;
  onSendAnyway: () => void;
  /** Cancel: the text stays in the composer. */
  onCancel: () => void;
}

/**
 * The replied-meanwhile warning (docs/behaviour/notes-and-presence.md, "Replied meanwhile"):
 * "Marie Tremblay replied 30 s ago — send anyway?", Send anyway or Cancel (the draft kept).
 * Its own chunk, loaded when the server refused a send.
 */
export function RepliedMeanwhileDialog({
  details,
  now,
  onSendAnyway,
  onCancel,
}: RepliedMeanwhileDialogProps) {
  const intl = useIntl();
  const seconds = details ? Math.max(0, Math.round((now - Date.parse(details.at)) / 1000)) : 0;
  const ago =
    seconds < 60
      ? intl.formatRelativeTime(-seconds, 'second', { numeric: 'auto', style: 'short' })
      : intl.formatRelativeTime(-Math.round(seconds / 60), 'minute', { style: 'short' });
  return (
    <Modal
      opened={details !== null}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'conversations.collision.repliedTitle' })}
      centered
    >
      <Text size="sm" data-testid="replied-meanwhile">
        <FormattedMessage
          id="conversations.collision.repliedBody"
          values={{ name: details?.by.name ?? '', ago }}
        />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          <FormattedMessage id="conversations.action.cancel" />
        </Button>
        <Button onClick={onSendAnyway}>
          <FormattedMessage id="conversations.collision.sendAnyway" />
        </Button>
      </Group>
    </Modal>
  );
}

export default RepliedMeanwhileDialog;
