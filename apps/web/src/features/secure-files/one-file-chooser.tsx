import { formatBytes } from '@accueil/domain';
import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useIntl } from 'react-intl';

/** One file to choose (a secure file goes alone): the button, then the chosen file's name and size (base 1000). */
export function OneFileChooser({
  file,
  onChange,
  testId,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <Group gap="sm" wrap="nowrap">
      <FileButton onChange={onChange}>
        {(props) => (
          // The button keeps its width: a long file name is what gets cut (it was the button's label).
          <Button {...props} variant="default" leftSection={<IconFileUpload size={17} />} flex="none">
            {intl.formatMessage({ id: 'secureFiles.choose' })}
          </Button>
        )}
      </FileButton>
      <Text
        size="sm"
        c={file ? undefined : 'dimmed'}
        truncate="end"
        miw={0}
        title={file?.name}
        data-testid={testId}
      >
        {file
          ? `${file.name} (${formatBytes(file.size, intl.locale)})`
          : intl.formatMessage({ id: 'secureFiles.none' })}
      </Text>
    </Group>
  );
}
