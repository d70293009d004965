import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useErrorText } from './error-text';

/**
 * The form-level error a refusal put on the form ({@link applyServerError}'s `root.server`), in
 * the interface's language, announced to screen readers; nothing when there is none.
 */
export function FormError<T extends FieldValues>({
  errors,
  testId,
}: {
  errors: FieldErrors<T>;
  testId?: string;
}) {
  const text = useErrorText();
  const server = errors.root?.server;
  if (!server?.message) return null;
  const retry = Number(server.type);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={18} />}
      data-testid={testId ?? 'form-error'}
    >
      {text(server.message, { retry: Number.isFinite(retry) ? retry : '…', teams: '…' })}
    </Alert>
  );
}
