import { Button, Group, Modal, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * Two people edit one post: the server refused a save over a newer version (409
 * `post-version-conflict`). The author reloads the other person's version (losing their own
 * changes) or keeps theirs (saved over it).
 */
export function ConflictDialog({
  opened,
  onReload,
  onKeepMine,
}: {
  opened: boolean;
  onReload: () => void;
  onKeepMine: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `contentManagement.conflict.${id}` });
  return (
    <Modal
      opened={opened}
      onClose={onReload}
      title={t('title')}
      closeOnClickOutside={false}
      withCloseButton={false}
      centered
    >
      <Text mb="lg">{t('body')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onReload}>
          {t('reload')}
        </Button>
        <Button onClick={onKeepMine}>{t('keepMine')}</Button>
      </Group>
    </Modal>
  );
}
