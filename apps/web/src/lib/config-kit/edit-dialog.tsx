import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * A configuration screen's edit dialog: a modal holding a form (Enter in a field submits it,
 * Escape closes it, focus starts on the field marked `data-autofocus`), its fields, and the
 * cancel and save buttons. `onSubmit` is the form's handler (react-hook-form's `handleSubmit(...)`);
 * `submitting` shows the save button busy; `error` sits above the buttons (`FormError`).
 */
export function EditDialog({
  title,
  opened = true,
  onClose,
  onSubmit,
  submitting,
  submitLabel,
  error,
  size,
  children,
  testId,
}: {
  title: ReactNode;
  opened?: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  submitting?: boolean;
  submitLabel?: ReactNode;
  error?: ReactNode;
  size?: string;
  children: ReactNode;
  testId?: string;
}) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid={testId}>
        <Stack gap="sm">
          {children}
          {error}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel ?? intl.formatMessage({ id: 'common.save' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
