import { Modal, Paper, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PostReader } from '../library/post-reader';
import { previewSections, type PostDraft } from './post-draft';

/**
 * The post as the patient will see it: the public page's rendering (`PostReader`, no private
 * note) of what the form holds now, saved or not.
 */
export function PostPreview({
  draft,
  clinicName,
  opened,
  onClose,
}: {
  draft: PostDraft;
  clinicName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={820}
      title={intl.formatMessage({ id: 'contentManagement.preview.title' })}
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'contentManagement.preview.close' }) }}
    >
      <Text fw={600} size="lg" mb="sm">
        {clinicName}
      </Text>
      <Paper withBorder radius="md" p="lg" lang={draft.locale}>
        <PostReader
          post={{
            title: draft.title || intl.formatMessage({ id: 'contentManagement.preview.untitled' }),
            short: draft.short,
            image: draft.image || null,
            sections: previewSections(draft),
          }}
        />
      </Paper>
    </Modal>
  );
}
