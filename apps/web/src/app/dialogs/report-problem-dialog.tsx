import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconMessageReport } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { getIntl } from '../../lib/i18n';

/** Report-a-problem dialog. The support form is not built yet: the dialog says it is coming. */
export function openReportProblemDialog(): void {
  modals.open({
    modalId: 'report-problem',
    title: getIntl().formatMessage({ id: 'shell.reportProblem.title' }),
    children: (
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconMessageReport size={22} />
          </ThemeIcon>
          <Stack gap={6}>
            <Badge variant="light" w="fit-content">
              <FormattedMessage id="shell.placeholder.badge" />
            </Badge>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="shell.reportProblem.body" />
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close('report-problem')}>
            <FormattedMessage id="common.close" />
          </Button>
        </Group>
      </Stack>
    ),
  });
}
