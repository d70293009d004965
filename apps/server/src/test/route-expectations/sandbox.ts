import { aCallId, phone, type RouteExpectation } from './shared';

/** The role × route table's rows for the sandbox carriers (see `../route-expectations.ts`). */
export const SANDBOX_ROUTES: Record<string, RouteExpectation> = {
  'POST /api/sandbox/messages': {
    allow: 'public',
    request: (w) => ({ payload: { from: phone(), to: w.teamNumber, body: 'Allo' } }),
    note: 'the simulated phones (sandbox carrier only)',
  },
  'GET /api/sandbox/messages': {
    allow: 'public',
    request: () => ({ query: `number=${encodeURIComponent(phone())}` }),
  },
  'GET /api/sandbox/directory': { allow: 'public' },
  'GET /api/sandbox/mail': { allow: 'public', note: 'the sandbox mailbox (sandbox e-mail carrier only)' },
  'GET /api/sandbox/mail/attachments/{id}': {
    allow: 'public',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    note: 'a file of the sandbox mailbox (sandbox e-mail carrier only): no organisation’s row',
    rowIdParams: [],
  },
  'POST /api/sandbox/mail': {
    allow: 'public',
    request: () => ({
      payload: { from: 'patient@example.test', to: 'nobody@clinic.test', subject: 'Bonjour', text: 'Allô' },
    }),
    note: 'a contact writes to a team (the e-mail channel’s sandbox vendor only)',
  },
  'POST /api/sandbox/statistics/weekly-report': {
    allow: 'public',
    // A Monday: no organisation's report is due, nothing is sent.
    request: () => ({ payload: { now: '2026-11-30T12:00:00.000Z' } }),
    note: 'a sandbox tool (sandbox e-mail carrier only), as the sandbox mailbox',
  },
  // The sandbox voice network (VOICE_CARRIER=sandbox only): the phone simulator's side is public like its texts; the staff side is every member's device.
  'POST /api/sandbox/voice/calls': {
    allow: 'public',
    request: (w) => ({ payload: { from: phone(), to: w.teamNumber } }),
    note: 'the simulated phones (sandbox voice carrier only)',
  },
  'POST /api/sandbox/voice/calls/{callId}/events': {
    allow: 'public',
    request: () => ({ params: aCallId(), payload: { type: 'hang-up', number: phone() } }),
    rowIdParams: [],
  },
};
