import { z } from 'zod';

/**
 * The closed set of error codes the API answers with (docs/api.md).
 * The server sends `{ code, message, details? }`; the web app shows the localised text of
 * `code` (catalogue key `error.<code>`) plus the server's message where present.
 */
export const ERROR_HTTP_STATUS = {
  'validation-failed': 400,
  'invalid-json': 400,
  'search-too-short': 400,
  'search-too-many-results': 400,
  'phone-invalid': 400,
  'email-invalid': 400,
  'id-invalid': 400,
  'reset-link-invalid': 400,
  'contact-phone-exists': 400,
  'contact-name-required': 400,
  'contact-has-appointment': 400,
  'import-file-invalid': 400,
  'url-invalid': 400,
  'invitation-code-invalid': 400,
  'transfer-target-invalid': 400,
  unauthorized: 401,
  'invalid-credentials': 401,
  'session-expired': 401,
  'signature-invalid': 403,
  forbidden: 403,
  'calls-disabled': 403,
  'machine-not-allowed': 403,
  'outside-work-hours': 403,
  'passkey-invalid': 400,
  'not-found': 404,
  'secure-file-unavailable': 404,
  'conversation-exists': 409,
  'conversation-archived': 409,
  'reset-link-expired': 410,
  'contact-exists': 409,
  'availability-taken': 409,
  'professional-has-appointments': 409,
  'appointment-cancelled': 409,
  'scheduled-message-not-editable': 409,
  'username-taken': 409,
  'email-taken': 409,
  'team-label-taken': 409,
  'label-name-taken': 409,
  'identifier-taken': 409,
  'post-version-conflict': 409,
  'team-last-administrator': 409,
  'team-last-member': 409,
  'organization-last-administrator': 409,
  'sip-line-taken': 409,
  'contact-in-flow': 409,
  'replied-meanwhile': 409,
  'contact-without-email': 422,
  'follow-up-in-progress': 409,
  'call-state-conflict': 409,
  'sip-line-unreachable': 409,
  'mailbox-disconnected': 409,
  'recording-deleted': 410,
  'payload-too-large': 413,
  'image-too-large': 413,
  'file-too-large': 413,
  'pdf-too-large': 413,
  'attachments-too-large': 413,
  'unsupported-media-type': 415,
  'file-unexpected': 415,
  'idempotency-conflict': 422,
  landline: 422,
  'text-with-media': 422,
  'document-with-attachment': 422,
  'too-many-attachments': 422,
  'upload-incomplete': 400,
  'message-not-sendable': 422,
  'address-not-phone': 422,
  'assignee-not-in-team': 422,
  'mention-not-in-team': 422,
  'push-endpoint-refused': 422,
  'token-value-missing': 422,
  'availability-overlap': 422,
  'availability-outside-hours': 422,
  'appointment-outside-availability': 422,
  'scheduled-too-soon': 422,
  'snooze-too-soon': 422,
  'snooze-too-far': 422,
  'label-not-found': 422,
  'too-many-labels': 422,
  'mailbox-auth-failed': 422,
  'team-email-missing': 422,
  'too-many-attempts': 429,
  'too-many-requests': 429,
  internal: 500,
  'carrier-unavailable': 502,
  'mail-unavailable': 502,
  'service-unavailable': 503,
} as const;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]];
// Pure: a bundle that uses only the codes (the web's login page) leaves zod out.
export const errorCodeSchema = /* @__PURE__ */ z.enum(ERROR_CODES);

/** Body of every error answer. `details` carries field issues or ids (e.g. `{ conversationId }`). */
export const apiErrorSchema = /* @__PURE__ */ z.object({
  code: errorCodeSchema,
  message: /* @__PURE__ */ z.string(),
  details: /* @__PURE__ */ z
    .unknown /* @__PURE__ */
    ()
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * An expected failure of a use case. Services throw it; the server's error handler turns it
 * into `{ code, message, details }` with the code's HTTP status (and `Retry-After` when set).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_HTTP_STATUS[code];
  }
}

/** Exhaustiveness guard for `switch` over a union: fails to compile when a case is missing. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unreachable: ${JSON.stringify(value)}`);
}
