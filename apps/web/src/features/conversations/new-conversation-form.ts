import { MESSAGE_BODY_MAX_CHARS, normalizeOutboundPhone } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

/** Whitespace is stripped from the phone number of a new conversation. */
export function stripWhitespace(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * The new-conversation form: a textable phone number (message id `phone-invalid`) and an
 * optional first message. Errors carry catalogue ids under `conversations.new.error.`.
 */
export function newConversationSchema(country: CountryCode) {
  return z.object({
    phone: z
      .string()
      .transform(stripWhitespace)
      .refine((v) => v.length > 0, { message: 'phone-required' })
      .refine((v) => v.length === 0 || normalizeOutboundPhone(v, country) !== null, {
        message: 'phone-invalid',
      }),
    body: z.string().max(MESSAGE_BODY_MAX_CHARS, { message: 'body-too-long' }),
  });
}

export type NewConversationInput = z.input<ReturnType<typeof newConversationSchema>>;
export type NewConversationValues = z.output<ReturnType<typeof newConversationSchema>>;
