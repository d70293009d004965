import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/**
 * The text of a form error's message, which is a message id or an issue code: a catalogue id
 * (`teamsUsers.form.required`, `error.email-taken`) is formatted; a bare code the domain's schemas
 * or the server give (`phone-invalid`) reads as `error.<code>`, else as `<namespace>.<code>` when a
 * namespace is given and has it; anything else is shown as written (never an empty error).
 * `values` fill the text (`retry`: seconds of a 429).
 */
export function errorText(
  intl: IntlShape,
  message: string | undefined,
  namespace?: string,
  values?: Record<string, string | number>,
): string | undefined {
  if (!message) return undefined;
  const has = (id: string) => Object.prototype.hasOwnProperty.call(intl.messages, id);
  const id = [message, `error.${message}`, ...(namespace ? [`${namespace}.${message}`] : [])].find(has);
  return id ? intl.formatMessage({ id }, values) : message;
}

/** {@link errorText} bound to the interface's language (and a form's namespace). */
export function useErrorText(namespace?: string) {
  const intl = useIntl();
  return useCallback(
    (message: string | undefined, values?: Record<string, string | number>) =>
      errorText(intl, message, namespace, values),
    [intl, namespace],
  );
}
