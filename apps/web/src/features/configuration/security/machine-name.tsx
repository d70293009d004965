import { renameMachineRequestSchema, type AllowedMachine } from '@accueil/domain';
import { TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { applyServerError, useErrorText, useZodForm } from '../../../lib/forms';

/**
 * A machine's name, a one-field form (`renameMachineRequestSchema`: trimmed, 100 characters at
 * most) saved when the field loses focus or on Enter, when it changed. A refusal of the name
 * shows under it; any other is the rename hook's toast.
 */
export function MachineName({
  machine,
  onSave,
}: {
  machine: AllowedMachine;
  onSave: (name: string) => Promise<unknown>;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useZodForm(renameMachineRequestSchema, { defaultValues: { name: machine.name } });
  const save = form.handleSubmit(async ({ name }) => {
    if (name === machine.name) return;
    try {
      await onSave(name);
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['name'] });
    }
  });
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <TextInput
        size="xs"
        maxLength={100}
        placeholder={intl.formatMessage({ id: 'security.machines.unnamed' })}
        aria-label={intl.formatMessage({ id: 'security.machines.nameLabel' })}
        {...form.register('name', { onBlur: () => void save() })}
        error={errorText(form.formState.errors.name?.message)}
        data-testid="machine-name"
      />
    </form>
  );
}
