import type { Conversation } from '@accueil/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { conversationTitle } from './display';

/** Props of {@link DeleteConversationDialog}. */
export interface DeleteConversationDialogProps {
  /** The conversation to delete; null closes the dialog. */
  conversation: Conversation | null;
  onCancel: () => void;
  onConfirm: (conversation: Conversation) => void;
}

/**
 * The confirmation before a conversation is deleted. Its own chunk, loaded by the list column
 * when the browser is idle: the modal machinery (focus trap, scroll lock) is not in the inbox's
 * first load.
 */
export function DeleteConversationDialog({
  conversation,
  onCancel,
  onConfirm,
}: DeleteConversationDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      opened={conversation !== null}
      onClose={onCancel}
      title={intl.formatMessage({ id: 'conversations.delete.title' })}
      centered
    >
      <Text size="sm">
        <FormattedMessage
          id="conversations.delete.body"
          values={{ name: conversation ? conversationTitle(conversation, intl) : '' }}
        />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          <FormattedMessage id="conversations.action.cancel" />
        </Button>
        <Button color="red" onClick={() => conversation && onConfirm(conversation)}>
          <FormattedMessage id="conversations.action.delete" />
        </Button>
      </Group>
    </Modal>
  );
}
