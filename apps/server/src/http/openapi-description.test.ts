import { ERROR_HTTP_STATUS } from '@accueil/domain';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExchangesAgainstOpenApi } from '../test/openapi-check';
import { createTestApp } from '../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  // Twilio (texts and calls), SMTP and IMAP mailboxes: Twilio's webhooks are described, and no sandbox route; the other routes are the same with any carrier.
  t = await createTestApp({
    MESSAGING_CARRIER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'token',
    PUBLIC_URL: 'https://accueil.example.com',
    VOICE_CARRIER: 'twilio',
    TWILIO_API_KEY_SID: 'SK00000000000000000000000000000001',
    TWILIO_API_KEY_SECRET: 'secret',
    TWILIO_TWIML_APP_SID: 'AP00000000000000000000000000000001',
    SMTP_URL: 'smtp://127.0.0.1:1',
    EMAIL_CHANNEL_CARRIER: 'imap',
  });
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPIV3.Document>();
});
afterAll(async () => {
  await t.close();
});

function operations(): [string, OpenAPIV3.OperationObject][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(
      ([method, op]) =>
        [`${method.toUpperCase()} ${path}`, op as OpenAPIV3.OperationObject] as [
          string,
          OpenAPIV3.OperationObject,
        ],
    ),
  );
}

const op = (method: string, path: string) =>
  doc.paths[path]?.[method as OpenAPIV3.HttpMethods] as OpenAPIV3.OperationObject;
const response = (o: OpenAPIV3.OperationObject, status: number) =>
  o.responses[String(status)] as OpenAPIV3.ResponseObject;

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(await checkExchangesAgainstOpenApi(doc as never, [])).toEqual([]);
  });

  it('requires the bearer token on every signed-in operation, and on no public one', () => {
    for (const [name, o] of operations()) {
      const signedIn =
        !name.includes('/api/auth/login') &&
        !name.includes('/api/auth/refresh') &&
        !name.includes('/api/auth/password/') &&
        !name.includes('/api/config') &&
        !name.endsWith(' /api/status') &&
        !name.includes('/api/webhooks/') &&
        !name.includes('/api/onboarding') &&
        !name.includes('/api/public/') &&
        // A contact's link and code, no sign-in (docs/behaviour/secure-files.md).
        !name.includes(' /api/secure-files/') &&
        !name.endsWith(' /api/oauth2/{provider}/callback');
      expect({ name, security: o.security }).toEqual({
        name,
        security: signedIn ? [{ bearer: [] }] : undefined,
      });
      if (signedIn) expect(Object.keys(o.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('describes every error answer with the error shape and the codes of its status', () => {
    for (const [name, o] of operations()) {
      for (const [status, r] of Object.entries(o.responses)) {
        if (Number(status) < 400) continue;
        const schema = (r as OpenAPIV3.ResponseObject).content?.['application/json']
          ?.schema as OpenAPIV3.SchemaObject;
        expect({ name, status, required: schema.required }).toEqual({
          name,
          status,
          required: ['code', 'message'],
        });
        const codes = (schema.properties?.code as OpenAPIV3.SchemaObject).enum as string[];
        for (const code of codes)
          expect(ERROR_HTTP_STATUS[code as keyof typeof ERROR_HTTP_STATUS]).toBe(Number(status));
      }
    }
  });

  it('adds the answers each kind of route can give: input 400, path parameter 404, body 413/415, rate limit 429', () => {
    expect(Object.keys(op('get', '/api/conversations/{id}').responses)).toEqual(
      expect.arrayContaining(['400', '404']),
    );
    expect(Object.keys(op('post', '/api/conversations/{id}/messages').responses)).toEqual(
      expect.arrayContaining(['201', '400', '404', '413', '415', '422', '429']),
    );
    expect(Object.keys(op('post', '/api/auth/login').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '413', '415', '429']),
    );
    expect(Object.keys(op('get', '/api/config').responses)).toEqual(['200']);
  });

  it('describes 204s without a body, and logout with an optional body', () => {
    expect(response(op('delete', '/api/conversations/{id}'), 204).content).toBeUndefined();
    const logout = op('post', '/api/auth/logout');
    expect(Object.keys(logout.responses)).not.toContain('200');
    expect(response(logout, 204).content).toBeUndefined();
    expect((logout.requestBody as OpenAPIV3.RequestBodyObject).required).toBe(false);
  });

  it('describes the Twilio webhooks as signed form posts answering TwiML', () => {
    for (const path of ['/api/webhooks/twilio/messaging', '/api/webhooks/twilio/message-status']) {
      const o = op('post', path);
      expect(Object.keys((o.requestBody as OpenAPIV3.RequestBodyObject).content)).toEqual([
        'application/x-www-form-urlencoded',
      ]);
      expect(o.parameters).toEqual([
        expect.objectContaining({ in: 'header', name: 'x-twilio-signature', required: true }),
      ]);
      expect(Object.keys(o.responses)).toEqual(expect.arrayContaining(['403', '415']));
    }
    expect(Object.keys(response(op('post', '/api/webhooks/twilio/messaging'), 200).content ?? {})).toEqual([
      'text/xml',
    ]);
    expect(response(op('post', '/api/webhooks/twilio/message-status'), 204).content).toBeUndefined();
    // The ring's <Dial action>: the call's id in its (signed) address.
    const dialAction = op('post', '/api/webhooks/twilio/voice/dial-action/{callId}');
    expect(Object.keys((dialAction.requestBody as OpenAPIV3.RequestBodyObject).content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(dialAction.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'header', name: 'x-twilio-signature', required: true }),
        expect.objectContaining({ in: 'path', name: 'callId', required: true }),
      ]),
    );
    expect(Object.keys(response(dialAction, 200).content ?? {})).toEqual(['text/xml']);
    expect(Object.keys(dialAction.responses)).toEqual(expect.arrayContaining(['400', '403', '415']));
  });

  it('lets the exchange check name each answer the description does not describe', async () => {
    const mismatches = await checkExchangesAgainstOpenApi(doc as never, [
      { method: 'GET', route: '/api/config', status: 418, contentType: 'application/json', body: '{}' },
      {
        method: 'DELETE',
        route: '/api/conversations/:id',
        status: 204,
        contentType: 'application/json',
        body: '{"ok":true}',
      },
      {
        method: 'GET',
        route: '/api/conversations/:id',
        status: 404,
        contentType: 'application/json',
        body: '{"code":"nope","message":"x"}',
      },
    ]);
    expect(mismatches).toEqual([
      expect.stringMatching(/^GET \/api\/config → 418: status not described/),
      expect.stringMatching(
        /^DELETE \/api\/conversations\/\{id\} → 204: answered application\/json, described: no body/,
      ),
      expect.stringMatching(
        /^DELETE \/api\/conversations\/\{id\} → 204: body does not match: response must be null/,
      ),
      expect.stringMatching(/^GET \/api\/conversations\/\{id\} → 404: body does not match: .*code/),
    ]);
  });
});
