import { multipartFile } from '../multipart';
import {
  aCallId,
  ADMINISTRATORS,
  anId,
  DEVOPS,
  EVERY_ROLE,
  phone,
  suffix,
  type RouteExpectation,
} from './shared';

/** The role × route table's rows for calls and the phones settings (see `../route-expectations.ts`). */
export const CALLS_ROUTES: Record<string, RouteExpectation> = {
  'POST /api/voice/v1/synchronize': { allow: DEVOPS },
  // Phone lines: everyone takes or frees their own (an administrator's choice of user is checked by the route).
  'GET /api/sips/v1/users/assigned': { allow: EVERY_ROLE },
  'PUT /api/sips/v1/users/assign/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { id: `line-${suffix()}` }, payload: {} }),
    rowIdParams: [],
    note: "the line's SIP name is no row id",
  },
  'PUT /api/sips/v1/users/unassign': { allow: EVERY_ROLE, request: () => ({ payload: {} }) },
  // Browser calls (calls.md): every member's voice device (403 `calls-disabled` only when the organisation turned web calls off).
  'GET /api/voice/v1/tokens': { allow: EVERY_ROLE },
  'GET /api/voice/v1/tokens/refresh': { allow: EVERY_ROLE },
  'GET /api/voice/v1/calls/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/voice/v1/calls/sid/{sid}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { sid: `CA${suffix()}` } }),
    rowIdParams: [],
    note: "the carrier's id is no row id",
  },
  'POST /api/voice/v1/calls': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { to: phone() } }),
    note: 'outgoing calls: every member while the tier allows them',
  },
  'POST /api/voice/v1/calls/{id}/answer': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/hang-up': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/hold': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/resume': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/transfer': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: anId(), payload: { toUserGroup: w.teamId } }),
  },
  'POST /api/voice/v1/calls/{id}/queue': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/queues/park/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/queues/pick': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { callSid: `CA${suffix()}` } }),
  },
  'GET /api/voice/v1/queues': { allow: EVERY_ROLE },
  'POST /api/voice/v1/calls/{id}/reject': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/rejectAll': { allow: EVERY_ROLE },
  'GET /api/voice/v1/calls/availability': { allow: EVERY_ROLE, note: 'any member may transfer a call' },
  // The spec's forms of the panel's actions: the call in the body (a call id names no row in a path).
  'POST /api/voice/v1/calls/answer': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/hold': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/resume': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/transfer': {
    allow: EVERY_ROLE,
    request: (w) => ({ payload: { ...aCallId(), toUserGroup: w.teamId } }),
  },
  'POST /api/voice/v1/calls/reject': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'GET /api/voice/v1/recordings': {
    allow: EVERY_ROLE,
    request: () => ({ query: `recordingId=${crypto.randomUUID()}` }),
    note: "the members of the call's team",
  },
  'GET /api/voice/v1/recordings/length': {
    allow: EVERY_ROLE,
    request: () => ({ query: `recordingId=${crypto.randomUUID()}` }),
  },
  'DELETE /api/voice/v1/recordings/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId() }),
    note: "deleting a client's recording is an administrator's action",
  },
  'POST /api/voice/v1/sandbox/devices': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { token: 'not-a-token' } }),
  },
  'POST /api/voice/v1/sandbox/calls': { allow: EVERY_ROLE, request: () => ({ payload: { to: phone() } }) },
  'POST /api/voice/v1/sandbox/calls/{callId}/events': {
    allow: EVERY_ROLE,
    request: () => ({ params: aCallId(), payload: { type: 'hang-up' } }),
  },
  // Phones settings (calls.md, "Phones settings"): administrators; every member reads the transfer extensions (the call panel's).
  'GET /api/phone-settings': { allow: ADMINISTRATORS },
  'PUT /api/phone-settings': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { queueRepeatPauseSeconds: 20 } }),
  },
  'GET /api/voicemail-greetings': { allow: ADMINISTRATORS },
  'PUT /api/voicemail-greetings': {
    allow: ADMINISTRATORS,
    request: () => ({
      payload: { teamId: null, kind: 'CLOSE', enabled: true, source: 'TTS', text: 'Nous sommes fermés.' },
    }),
  },
  'POST /api/voicemail-greetings/audio/{kind}': {
    allow: ADMINISTRATORS,
    request: () => ({
      params: { kind: 'BREAK' },
      query: 'source=FILE',
      ...multipartFile('audio', 'pause.mp3', Buffer.from('not audio')),
    }),
    rowIdParams: [],
    note: 'a file that is no audio: refused as input (415) to administrators, by role to the others',
  },
  'GET /api/voicemail-greetings/{id}/audio': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'DELETE /api/voicemail-greetings/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'POST /api/voicemail-greetings/preview': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { text: 'Bonjour' } }),
  },
  'GET /api/transfer-extension': { allow: EVERY_ROLE },
  'POST /api/transfer-extension': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { name: 'Laboratoire', phoneNumber: phone(), extension: '12' } }),
  },
  'PUT /api/transfer-extension/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: { name: 'Laboratoire', phoneNumber: phone() } }),
  },
  'DELETE /api/transfer-extension/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/sip-users': { allow: ADMINISTRATORS },
  'POST /api/sip-users': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { username: `poste.${suffix()}` } }),
  },
  'DELETE /api/sip-users/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
};
