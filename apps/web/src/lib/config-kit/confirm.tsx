import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getIntl } from '../i18n';

/**
 * Asks before an action that cannot be taken back at a click (removing a member, forcing a
 * user out, disabling, replacing a signature): resolves true when confirmed, false when
 * cancelled or closed. Message ids are of the caller's namespace; `values` fill them;
 * `testId` marks the confirm button (for the journeys).
 */
export function confirmAction(input: {
  titleId: string;
  bodyId: string;
  confirmId: string;
  values?: Record<string, string>;
  danger?: boolean;
  testId?: string;
}): Promise<boolean> {
  const intl = getIntl();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: intl.formatMessage({ id: input.titleId }, input.values),
      children: (
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: input.bodyId }, input.values)}
        </Text>
      ),
      labels: {
        confirm: intl.formatMessage({ id: input.confirmId }, input.values),
        cancel: intl.formatMessage({ id: 'common.cancel' }),
      },
      confirmProps: {
        // Red shade 9 under white text reads at 5.4:1; Mantine's filled red (shade 6) at 3.6:1 only.
        color: input.danger ? 'red.9' : undefined,
        ...(input.testId ? { 'data-testid': input.testId } : {}),
      },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/**
 * Asks before deleting `values.name`-like things: {@link confirmAction} with the red confirm
 * button. Resolves true when confirmed.
 */
export function confirmDelete(input: {
  titleId: string;
  bodyId: string;
  confirmId: string;
  values?: Record<string, string>;
  testId?: string;
}): Promise<boolean> {
  return confirmAction({ ...input, danger: true });
}
