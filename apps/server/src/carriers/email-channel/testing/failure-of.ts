import { expect } from 'vitest';
import { CarrierError } from '../email-channel-carrier';
import type { MailApiError } from '../mail-api-request';

/** The CarrierError `promise` rejects with (fails the test when it resolves or throws something else). */
export async function failureOf(promise: Promise<unknown>): Promise<MailApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as MailApiError;
}
