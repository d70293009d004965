import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getIntl } from '../../lib/i18n';

/**
 * A confirmation before a destructive action of the agenda (remove a professional or a
 * category, cancel an appointment): `title` and `body` are shown, the red button says `confirm`.
 */
export function openConfirmDialog(input: {
  title: string;
  body: string;
  confirm: string;
  onConfirm: () => void;
  testId?: string;
}): void {
  const intl = getIntl();
  modals.openConfirmModal({
    title: input.title,
    children: <Text size="sm">{input.body}</Text>,
    labels: { confirm: input.confirm, cancel: intl.formatMessage({ id: 'common.cancel' }) },
    confirmProps: { color: 'red', 'data-testid': input.testId ?? 'confirm-dialog-confirm' } as Record<
      string,
      unknown
    >,
    onConfirm: input.onConfirm,
  });
}
