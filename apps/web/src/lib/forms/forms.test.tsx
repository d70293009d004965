import { TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseFormSetError } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render-with-providers';
import { ApiError } from '../api';
import { intlFor } from '../i18n';
import {
  applyServerError,
  errorsByPath,
  errorText,
  FORM_ERROR,
  FormError,
  useErrorText,
  useZodForm,
} from '.';

type Values = { email: string; phone: string };

/** A stand-in for react-hook-form's setError that records what each path received. */
function recorder() {
  const errors: Record<string, { type?: string; message?: string }> = {};
  const setError = vi.fn((name: string, error: { type?: string; message?: string }) => {
    errors[name] = error;
  }) as unknown as UseFormSetError<Values>;
  return { errors, setError };
}

describe('applyServerError', () => {
  it('puts a code the form names on its field, as the code’s text id', () => {
    const { errors, setError } = recorder();
    const where = applyServerError(setError, new ApiError(409, 'email-taken', 'Taken'), {
      codes: { 'email-taken': 'email' },
    });
    expect(where).toBe('fields');
    expect(errors).toEqual({ email: { type: 'server', message: 'error.email-taken' } });
  });

  it('puts each validation detail on the field its path names (body. prefix and renamed paths)', () => {
    const { errors, setError } = recorder();
    const error = new ApiError(400, 'validation-failed', 'Invalid', [
      { location: 'body', path: 'body.email', message: 'email-invalid' },
      { location: 'body', path: 'phoneNumber', message: 'phone-invalid' },
      { location: 'body', path: 'unknown', message: 'x' },
    ]);
    expect(applyServerError(setError, error, { fields: ['email'], paths: { phoneNumber: 'phone' } })).toBe(
      'fields',
    );
    expect(errors).toEqual({
      email: { type: 'server', message: 'email-invalid' },
      phone: { type: 'server', message: 'phone-invalid' },
    });
  });

  it('keeps a refusal no field takes for the form, with the retry delay of a 429', () => {
    const { errors, setError } = recorder();
    const where = applyServerError(
      setError,
      new ApiError(429, 'too-many-requests', undefined, undefined, 12),
      {
        codes: { 'email-taken': 'email' },
      },
    );
    expect(where).toBe('form');
    expect(errors).toEqual({ [FORM_ERROR]: { type: '12', message: 'error.too-many-requests' } });
  });

  it('reads a failure that is no API error as internal, on the form', () => {
    const { errors, setError } = recorder();
    applyServerError(setError, new TypeError('boom'), { fields: ['email'] });
    expect(errors).toEqual({ [FORM_ERROR]: { type: 'server', message: 'error.internal' } });
  });

  it('says an unknown failure with the form’s fallback text when it has one', () => {
    const { errors, setError } = recorder();
    applyServerError(setError, new ApiError(500, 'internal'), { fallback: 'scheduledMessages.error.create' });
    expect(errors).toEqual({ [FORM_ERROR]: { type: 'server', message: 'scheduledMessages.error.create' } });
    applyServerError(setError, new ApiError(409, 'email-taken'), {
      fallback: 'scheduledMessages.error.create',
    });
    expect(errors[FORM_ERROR]?.message).toBe('error.email-taken');
  });

  it('keeps validation details that name no field for the form', () => {
    const { errors, setError } = recorder();
    const error = new ApiError(400, 'validation-failed', 'x', [{ path: 'other', message: 'y' }]);
    expect(applyServerError(setError, error, { fields: ['email'] })).toBe('form');
    expect(errors).toEqual({ [FORM_ERROR]: { type: 'server', message: 'error.validation-failed' } });
  });
});

describe('errorText', () => {
  const intl = intlFor('fr-CA');
  it('formats catalogue ids, reads bare codes as error.<code>, then the namespace, else shows the text', () => {
    expect(errorText(intl, 'error.email-taken')).toBe(intl.formatMessage({ id: 'error.email-taken' }));
    expect(errorText(intl, 'phone-invalid')).toBe('Numéro de téléphone invalide.');
    expect(errorText(intl, 'required', 'teamsUsers.form')).toBe(
      intl.formatMessage({ id: 'teamsUsers.form.required' }),
    );
    expect(errorText(intl, 'Something odd')).toBe('Something odd');
    expect(errorText(intl, undefined)).toBeUndefined();
  });
});

const schema = z.object({ email: z.email('email-invalid'), phone: z.string() });

function Demo({ submit }: { submit: (v: Values) => Promise<void> }) {
  const form = useZodForm(schema, { defaultValues: { email: '', phone: '' } });
  const text = useErrorText();
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await submit(v);
    } catch (error) {
      applyServerError(form.setError, error, { codes: { 'email-taken': 'email' } });
    }
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextInput
        label="Courriel"
        {...form.register('email')}
        error={text(form.formState.errors.email?.message)}
      />
      <FormError errors={form.formState.errors} />
      <button type="submit">OK</button>
    </form>
  );
}

describe('useZodForm with FormError', () => {
  it('shows the schema’s issue in the interface language when the field is left', async () => {
    renderWithProviders(<Demo submit={async () => {}} />);
    await userEvent.type(screen.getByLabelText('Courriel'), 'nope');
    await userEvent.tab();
    expect(await screen.findByText('Adresse courriel invalide.')).toBeTruthy();
  });

  it('shows a field refusal under its field and any other above the buttons', async () => {
    let answer: ApiError = new ApiError(409, 'email-taken');
    renderWithProviders(
      <Demo
        submit={() => {
          throw answer;
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Courriel'), 'a@b.ca');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    const intl = intlFor('fr-CA');
    expect(await screen.findByText(intl.formatMessage({ id: 'error.email-taken' }))).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
    answer = new ApiError(503, 'service-unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      intl.formatMessage({ id: 'error.service-unavailable' }),
    );
  });
});

describe('errorsByPath', () => {
  it('lists the messages of nested errors by dotted path, without the form-level error', () => {
    const errors = {
      week: [undefined, { end: { type: 'custom', message: 'schedule-start-after-end' } }],
      vacations: { 0: { type: 'custom', message: 'vacation-end-before-start' } },
      root: { server: { type: 'server', message: 'error.internal' } },
    };
    expect(errorsByPath(errors as never)).toEqual({
      'week.1.end': 'schedule-start-after-end',
      'vacations.0': 'vacation-end-before-start',
    });
  });
});
