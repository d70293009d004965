import { Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { Wordmark } from '../../components/wordmark';
import { useSession } from '../../lib/session';
import { serviceStatusText } from './service-status-text';
import { useServiceNotice } from './use-service-status';

/**
 * The full page that covers the app (the sign-in page too) while the status asks for it
 * (docs/behaviour/service-status.md): no way past it, the focus held inside; it goes away by
 * itself when the status changes (pushed, or at the next poll) or its window ends. Never over a
 * devops user's screens: they are the ones who lift it (they see the banner).
 */
export function MaintenanceOverlay() {
  const intl = useIntl();
  const { notice, status } = useServiceNotice();
  const { context } = useSession();
  const opened = !!notice?.overlay && !!status && context?.user.role !== 'devops';
  return (
    <Modal.Root
      opened={opened}
      onClose={() => undefined}
      fullScreen
      closeOnEscape={false}
      closeOnClickOutside={false}
      zIndex={400}
      transitionProps={{ duration: 0 }}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="maintenance-overlay">
        <Modal.Body>
          {opened && (
            <Stack align="center" justify="center" mih="90dvh" gap="lg" ta="center" maw={560} mx="auto">
              <Wordmark size={32} />
              <ThemeIcon size={64} radius="xl" variant="light" color="blue">
                <IconTool size={32} aria-hidden />
              </ThemeIcon>
              {/* Modal.Title: Mantine names the dialog after it (aria-labelledby). */}
              <Modal.Title fz={26} fw={700}>
                {intl.formatMessage({ id: 'serviceStatus.overlayTitle' })}
              </Modal.Title>
              {serviceStatusText(intl, status, notice).map((line) => (
                <Text key={line} size="lg">
                  {line}
                </Text>
              ))}
              <Text c="dimmed" size="sm">
                {intl.formatMessage({ id: 'serviceStatus.overlayBody' })}
              </Text>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
