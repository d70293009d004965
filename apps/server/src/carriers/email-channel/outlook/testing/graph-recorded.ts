/**
 * Answers of Microsoft Graph as it gives them (shapes and texts recorded from
 * learn.microsoft.com/graph and real error answers), for the stand-in.
 */
const inner = {
  date: '2026-11-29T15:20:00',
  'request-id': '6f1c1c8e-3a1e-4c7e-9a51-1f1ad2f0b2a1',
  'client-request-id': '6f1c1c8e-3a1e-4c7e-9a51-1f1ad2f0b2a1',
};
export const graphRecorded = {
  unauthorized: {
    status: 401,
    body: {
      error: {
        code: 'InvalidAuthenticationToken',
        message: 'Access token has expired or is not yet valid.',
        innerError: inner,
      },
    },
  },
  throttled: {
    status: 429,
    headers: { 'retry-after': '11' },
    body: {
      error: {
        code: 'ApplicationThrottled',
        message: 'Application is over its MailboxConcurrency limit.',
        innerError: inner,
      },
    },
  },
  accessDenied: {
    status: 403,
    body: {
      error: {
        code: 'ErrorAccessDenied',
        message: 'Access is denied. Check credentials and try again.',
        innerError: inner,
      },
    },
  },
  syncStateNotFound: {
    status: 410,
    body: {
      error: {
        code: 'SyncStateNotFound',
        message: 'The sync state generation is not found.',
        innerError: inner,
      },
    },
  },
  notFound: {
    status: 404,
    body: {
      error: {
        code: 'ErrorItemNotFound',
        message: 'The specified object was not found in the store.',
        innerError: inner,
      },
    },
  },
} as const;
