import { Center, Loader, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** Centred loader for the whole viewport (session restore, lazy screens). */
export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status">
      <Stack align="center" gap="sm">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          <FormattedMessage id="shell.loading" />
        </Text>
      </Stack>
    </Center>
  );
}
