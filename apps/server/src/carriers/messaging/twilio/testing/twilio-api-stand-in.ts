import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received: method, path with query, headers, form fields. */
export type RecordedTwilioRequest = {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
};
/** What the stand-in answers: an HTTP status and a JSON (or text) body. */
export type TwilioApiAnswer = { status: number; body: unknown };

/**
 * How the stand-in answers a request: from its form fields and, for a question whose answer
 * depends on what is asked (a call's or a message's fetch: `GET …/Calls/{sid}.json`), the request
 * itself. A promise holds the answer back until it settles (a slow or silent Twilio).
 */
export type TwilioAnswerer = (
  form: URLSearchParams,
  request: RecordedTwilioRequest,
) => TwilioApiAnswer | Promise<TwilioApiAnswer>;

/** An error body in the shape api.twilio.com answers (`code`, `message`, `more_info`, `status`). */
export function twilioErrorBody(status: number, code: number, message: string): TwilioApiAnswer {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

/** A 201 "message created" answer (status `queued`) with a fresh `SM…` sid, echoing the form. */
export function messageCreated(
  form: URLSearchParams,
  accountSid = 'AC00000000000000000000000000000001',
): TwilioApiAnswer {
  const sid = `SM${randomUUID().replace(/-/g, '')}`;
  return {
    status: 201,
    body: {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: form.get('Body'),
      date_created: new Date().toUTCString(),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: form.get('From'),
      num_media: '0',
      num_segments: '1',
      sid,
      status: 'queued',
      to: form.get('To'),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    },
  };
}

/**
 * Twilio Lookup v2 (`GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence`), answered by
 * the sandbox's rule: a number ending in 0000 is a landline, any other a mobile. Null for
 * another path.
 */
function lookupAnswer(url: string): TwilioApiAnswer | null {
  const match = /^\/v2\/PhoneNumbers\/([^/?]+)/.exec(url);
  if (!match) return null;
  const phoneNumber = decodeURIComponent(match[1]!);
  const type = /0000$/.test(phoneNumber) ? 'landline' : 'mobile';
  return {
    status: 200,
    body: {
      phone_number: phoneNumber,
      valid: true,
      line_type_intelligence: { type, carrier_name: 'Stand-in', error_code: null },
      url: `https://lookups.twilio.com${url}`,
    },
  };
}

/**
 * A local HTTP server standing in for api.twilio.com (and Lookup's lookups.twilio.com) in tests (point `TWILIO_API_BASE_URL`
 * at `baseUrl`). It records every request and answers with `answer` (default: created),
 * at once or when the answer's promise settles (a slow or silent Twilio).
 */
export async function startTwilioApiStandIn() {
  const requests: RecordedTwilioRequest[] = [];
  const state: { answer: TwilioAnswerer } = { answer: (form) => messageCreated(form) };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, form };
      requests.push(request);
      const lookup = lookupAnswer(req.url ?? '');
      if (lookup) {
        res.writeHead(lookup.status, { 'content-type': 'application/json' }).end(JSON.stringify(lookup.body));
        return;
      }
      void Promise.resolve(state.answer(form, request)).then(({ status, body }) => {
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(typeof body === 'string' ? body : JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Replaces how the stand-in answers from now on (a promise holds the answer back until it settles). */
    answerWith(answer: TwilioAnswerer) {
      state.answer = answer;
    },
    reset() {
      requests.length = 0;
      state.answer = (form) => messageCreated(form);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
