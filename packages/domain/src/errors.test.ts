import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, ERROR_HTTP_STATUS, apiErrorSchema, assertUnreachable } from './errors';

describe('error codes', () => {
  it('every code has an error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_HTTP_STATUS[code]).toBeLessThan(600);
    }
  });
  it('AppError carries the status of its code and serialises to the error shape', () => {
    const e = new AppError('too-many-attempts', 'Too many attempts.', undefined, 60);
    expect(e.status).toBe(429);
    expect(e.retryAfterS).toBe(60);
    expect(apiErrorSchema.parse({ code: e.code, message: e.message })).toEqual({
      code: 'too-many-attempts',
      message: 'Too many attempts.',
    });
  });
});

describe('assertUnreachable', () => {
  it('throws, naming the value no case handled', () => {
    expect(() => assertUnreachable({ type: 'new-event' } as never)).toThrow(
      'Unreachable: {"type":"new-event"}',
    );
  });
});

describe('AppError', () => {
  it('is named so in logs and stacks', () => {
    const e = new AppError('not-found', 'Conversation not found');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('AppError');
    expect(String(e)).toBe('AppError: Conversation not found');
  });
});
