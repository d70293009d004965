import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The house form: react-hook-form validated by a zod schema (the domain's own, or a screen's
 * built on it), checked when a field is left and again on submit. `In` is what the fields hold,
 * `Out` what the submit handler receives (the schema's parsed output). Error messages are message
 * ids or issue codes, shown through `useErrorText`; the server's refusals go on the form with
 * `applyServerError`.
 */
export function useZodForm<In extends FieldValues, Out extends FieldValues = In>(
  schema: z.ZodType<Out, In>,
  options: Omit<UseFormProps<In, unknown, Out>, 'resolver'> = {},
) {
  return useForm<In, unknown, Out>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}
