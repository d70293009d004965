import { AppError } from '@accueil/domain';
import twilio from 'twilio';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookParams, WebhookRequest } from '../messaging-carrier';
import { twilioSignature, type FormPairs } from './testing/twilio-request-mutations';
import { assertTwilioSignature, formParams, twilioSignedUrl } from './twilio-signature';

/**
 * `assertTwilioSignature` on its own, with a request object as Fastify hands it over: which URL
 * is signed, which header values count, what a refusal logs. Signatures come from the test's own
 * HMAC (`twilioSignature`) and, as an oracle, from the `twilio` package.
 */

const AUTH_TOKEN = 'signature-unit-test-token-0123456789';
const PUBLIC_URL = 'https://accueil.example.test';
const PATH = '/api/webhooks/twilio/messaging';
const PARAMS = { MessageSid: 'SM0123', From: '+15145550100', To: '+15145551234', Body: 'Bonjour' };
const pairs = (params: Record<string, string>): FormPairs => Object.entries(params);
const SIGNATURE = twilioSignature(AUTH_TOKEN, PUBLIC_URL + PATH, pairs(PARAMS));

function request(over: Partial<Omit<WebhookRequest, 'log'>> = {}) {
  const warn = vi.fn<(obj: object, msg: string) => void>();
  const req: WebhookRequest = {
    url: PATH,
    headers: { 'x-twilio-signature': SIGNATURE },
    body: { ...PARAMS },
    ...over,
    log: { warn },
  };
  return { req, warn };
}

const check =
  (req: WebhookRequest, publicUrl = PUBLIC_URL) =>
  () =>
    assertTwilioSignature(req, { authToken: AUTH_TOKEN, publicUrl });

/** The AppError a refused request throws. */
function refusal(req: WebhookRequest, publicUrl = PUBLIC_URL): AppError {
  try {
    check(req, publicUrl)();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the request was accepted');
}

describe('twilioSignedUrl', () => {
  it('appends the path and query as received to PUBLIC_URL, without its trailing slashes', () => {
    expect(twilioSignedUrl('https://h.test', '/a?b=1')).toBe('https://h.test/a?b=1');
    expect(twilioSignedUrl('https://h.test/', '/a')).toBe('https://h.test/a');
    expect(twilioSignedUrl('https://h.test///', '/a')).toBe('https://h.test/a');
  });

  it('keeps a path prefix and the slashes inside PUBLIC_URL', () => {
    expect(twilioSignedUrl('https://h.test/accueil/', '/api/x')).toBe('https://h.test/accueil/api/x');
    expect(twilioSignedUrl('https://h.test:8443/accueil', '/api/x')).toBe(
      'https://h.test:8443/accueil/api/x',
    );
  });
});

describe('formParams', () => {
  it('takes a parsed form as it is', () => {
    const body = { A: '1', B: ['2', '3'] };
    expect(formParams(body)).toBe(body);
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['a string', 'MessageSid=SM1'],
    ['a number', 42],
    ['an array', [['MessageSid', 'SM1']]],
  ])('answers {} for a body that is %s', (_name, body) => {
    expect(formParams(body)).toEqual({});
  });
});

describe('assertTwilioSignature', () => {
  it('accepts the signature of the URL and every parameter sorted by name, as the twilio package computes it', () => {
    const oracle = twilio.getExpectedTwilioSignature(AUTH_TOKEN, PUBLIC_URL + PATH, PARAMS);
    expect(oracle).toBe(SIGNATURE);
    const { req, warn } = request();
    expect(check(req)).not.toThrow();
    expect(warn).not.toHaveBeenCalled();
  });

  it('checks against PUBLIC_URL with its trailing slash removed, never the request host', () => {
    const { req } = request({ headers: { host: 'internal:3000', 'x-twilio-signature': SIGNATURE } });
    expect(check(req, `${PUBLIC_URL}/`)).not.toThrow();
    expect(check(req, `${PUBLIC_URL}//`)).not.toThrow();
  });

  it('checks against a PUBLIC_URL with a path prefix and a port', () => {
    const publicUrl = 'https://accueil.example.test:8443/clinic';
    const signature = twilioSignature(AUTH_TOKEN, publicUrl + PATH, pairs(PARAMS));
    expect(
      check(request({ headers: { 'x-twilio-signature': signature } }).req, `${publicUrl}/`),
    ).not.toThrow();
    expect(
      refusal(
        request({ headers: { 'x-twilio-signature': signature } }).req,
        'https://accueil.example.test/clinic',
      ).code,
    ).toBe('signature-invalid');
  });

  it('covers the query string as received', () => {
    const url = `${PATH}?messageId=abc&x=1`;
    const signature = twilioSignature(AUTH_TOKEN, PUBLIC_URL + url, pairs(PARAMS));
    expect(check(request({ url, headers: { 'x-twilio-signature': signature } }).req)).not.toThrow();
    expect(refusal(request({ url: PATH, headers: { 'x-twilio-signature': signature } }).req).code).toBe(
      'signature-invalid',
    );
  });

  it('takes a header Node handed over as a one-value list', () => {
    expect(check(request({ headers: { 'x-twilio-signature': [SIGNATURE] } }).req)).not.toThrow();
  });

  it('refuses a repeated header, even when its values put end to end make the signature', () => {
    const half = SIGNATURE.length / 2;
    const { req, warn } = request({
      headers: { 'x-twilio-signature': [SIGNATURE.slice(0, half), SIGNATURE.slice(half)] },
    });
    expect(refusal(req).code).toBe('signature-invalid');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ url: PUBLIC_URL + PATH }),
      expect.stringContaining('does not match'),
    );
  });

  it.each([
    ['absent', {}],
    ['empty', { 'x-twilio-signature': '' }],
  ])('refuses a request whose header is %s, logging that it is missing and the URL', (_name, headers) => {
    const { req, warn } = request({ headers });
    const error = refusal(req);
    expect(error.code).toBe('signature-invalid');
    expect(error.status).toBe(403);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { url: PUBLIC_URL + PATH },
      expect.stringContaining('missing X-Twilio-Signature'),
    );
  });

  it.each([
    ['a truncated signature', SIGNATURE.slice(0, -1)],
    ['a longer signature', `${SIGNATURE}A`],
    ['one character changed', (SIGNATURE.startsWith('A') ? 'B' : 'A') + SIGNATURE.slice(1)],
  ])('refuses %s', (_name, signature) => {
    expect(refusal(request({ headers: { 'x-twilio-signature': signature } }).req).code).toBe(
      'signature-invalid',
    );
  });

  it('refuses a mismatch, logging the URL and the parameter names sorted (no values)', () => {
    const body = { Zeta: 'secret', ...PARAMS, Alpha: 'x' };
    const { req, warn } = request({ body });
    expect(refusal(req).code).toBe('signature-invalid');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      { url: PUBLIC_URL + PATH, paramNames: ['Alpha', 'Body', 'From', 'MessageSid', 'To', 'Zeta'] },
      expect.stringContaining('does not match'),
    );
  });

  it('refuses a nameless parameter riding on a valid signature (it adds nothing to the signed text)', () => {
    const body: WebhookParams = { ...PARAMS, '': '' };
    // The twilio package alone would take it: the check must come from us.
    expect(twilio.validateRequest(AUTH_TOKEN, SIGNATURE, PUBLIC_URL + PATH, body)).toBe(true);
    const { req, warn } = request({ body });
    expect(refusal(req).code).toBe('signature-invalid');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ url: PUBLIC_URL + PATH }, expect.stringContaining('without a name'));
  });

  it('signs a body that is not a form as no parameters', () => {
    const signature = twilioSignature(AUTH_TOKEN, PUBLIC_URL + PATH, []);
    expect(
      check(request({ body: 'MessageSid=SM0123', headers: { 'x-twilio-signature': signature } }).req),
    ).not.toThrow();
    expect(check(request({ body: null, headers: { 'x-twilio-signature': signature } }).req)).not.toThrow();
  });
});
