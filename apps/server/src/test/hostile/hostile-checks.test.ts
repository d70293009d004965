import { describe, expect, it } from 'vitest';
import { brokenRule } from './hostile-checks';
import type { HostileRequest } from './hostile-requests';

/** The rules the hostile-input run holds every answer to. */
const get = { method: 'GET', url: '/api/x', headers: {} } as unknown as HostileRequest;
const answer = (statusCode: number, headers: Record<string, unknown> = {}, body = '') => ({
  statusCode,
  headers,
  body,
});

describe('brokenRule', () => {
  it('a redirect must stay on this site', () => {
    expect(brokenRule(get, answer(302, { location: '/verification/error/gmail?reason=state' }))).toBeNull();
    for (const location of ['https://evil.example/', '//evil.example/', '/\\evil.example', undefined])
      expect(brokenRule(get, answer(302, { location }))).toBe('redirect off this site');
  });

  it('an error answer is JSON of the error schema; a 5xx is always broken', () => {
    expect(brokenRule(get, answer(400, { 'content-type': 'text/html' }, '<p>no</p>'))).toBe(
      'error answer is not JSON',
    );
    expect(
      brokenRule(
        get,
        answer(404, { 'content-type': 'application/json' }, '{"code":"not-found","message":"x"}'),
      ),
    ).toBeNull();
    expect(brokenRule(get, answer(503))).toBe('5xx');
  });
});
