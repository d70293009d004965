/**
 * Answers of the Gmail API as it gives them (shapes and texts recorded from
 * developers.google.com/gmail/api/reference and real error answers), for the stand-in.
 */
export const gmailRecorded = {
  unauthorized: {
    status: 401,
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    body: {
      error: {
        code: 401,
        message:
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        errors: [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ],
        status: 'UNAUTHENTICATED',
      },
    },
  },
  rateLimited: {
    status: 429,
    headers: { 'retry-after': '7' },
    body: {
      error: {
        code: 429,
        message: 'User-rate limit exceeded.  Retry after 2026-11-29T15:20:07.000Z',
        errors: [
          { message: 'User-rate limit exceeded.', domain: 'usageLimits', reason: 'rateLimitExceeded' },
        ],
        status: 'RESOURCE_EXHAUSTED',
      },
    },
  },
  insufficientPermissions: {
    status: 403,
    body: {
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
      },
    },
  },
  notFound: {
    status: 404,
    body: {
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
        status: 'NOT_FOUND',
      },
    },
  },
  backendError: {
    status: 500,
    body: {
      error: {
        code: 500,
        message: 'Backend Error',
        errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }],
        status: 'INTERNAL',
      },
    },
  },
} as const;
