import { conversationIdParamsSchema } from '../contracts/conversations';
import { z } from 'zod';
import {
  callActionRequestSchema,
  transferTargetsSchema,
  callIdParamsSchema,
  callSidParamsSchema,
  conversationCallsSchema,
  pickCallRequestSchema,
  recordingIdParamsSchema,
  recordingLengthQuerySchema,
  recordingLengthSchema,
  recordingQuerySchema,
  startOutboundCallRequestSchema,
  teamQueueSchema,
  transferCallRequestSchema,
  transferNamedCallRequestSchema,
} from '../contracts/calls';
import { callSchema } from '../entities/call';
import { endpoint } from './endpoint';

const tags = ['voice'] as const;
const params = callIdParamsSchema;

/**
 * Calls (docs/behaviour/calls.md, "The call on the server"): read, place, and act on a call from
 * the call panel. Scoped to the current team's calls (another organisation's or team's id answers
 * 404); an action the call's state refuses answers 409 `call-state-conflict`.
 */
export const callEndpoints = {
  listOfConversation: endpoint({
    method: 'GET',
    path: '/api/conversations/:id/calls',
    tags: ['conversations'],
    summary: "The conversation's calls, oldest first (its timeline)",
    params: conversationIdParamsSchema,
    responses: { 200: conversationCallsSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/voice/v1/calls/:id',
    tags,
    summary: 'A call (its status and phase)',
    params,
    responses: { 200: callSchema },
  }),
  getBySid: endpoint({
    method: 'GET',
    path: '/api/voice/v1/calls/sid/:sid',
    tags,
    summary: "A call by the carrier's id (the panel polls it until the callee answers)",
    params: callSidParamsSchema,
    responses: { 200: callSchema },
  }),
  startOutbound: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls',
    tags,
    summary: 'Places a call from the current team (403 when the tier or the organisation does not allow it)',
    body: startOutboundCallRequestSchema,
    responses: { 201: callSchema },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/answer',
    tags,
    summary: "Records that the user's device answered the call (the sandbox's; Twilio reports it itself)",
    params,
    responses: { 200: callSchema },
  }),
  hold: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/hold',
    tags,
    summary: 'Puts the caller on hold (music)',
    params,
    responses: { 200: callSchema },
  }),
  resume: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/resume',
    tags,
    summary: 'Takes the caller off hold',
    params,
    responses: { 200: callSchema },
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/transfer',
    tags,
    summary:
      "Transfers the call to a team, one of its users, a SIP line or a transfer extension (the spec's fields: callId, to, toExtension, toUserGroup)",
    params,
    body: transferCallRequestSchema,
    responses: { 200: callSchema },
  }),
  sendToQueue: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/queue',
    tags,
    summary: "Sends the call to its team's queue",
    params,
    responses: { 200: callSchema },
  }),
  hangUp: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/hang-up',
    tags,
    summary: 'Ends the call',
    params,
    responses: { 200: callSchema },
  }),
  park: endpoint({
    method: 'POST',
    path: '/api/voice/v1/queues/park/:id',
    tags,
    summary: 'Parks the call under the lowest free park number',
    params,
    responses: { 200: callSchema },
  }),
  pick: endpoint({
    method: 'POST',
    path: '/api/voice/v1/queues/pick',
    tags,
    summary: 'Takes a queued or parked call: it rings the caller through to this user',
    body: pickCallRequestSchema,
    responses: { 200: callSchema },
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/voice/v1/queues',
    tags,
    summary: "The current team's queue: waiting, ringing, answered and parked calls",
    responses: { 200: teamQueueSchema },
  }),
  transferTargets: endpoint({
    method: 'GET',
    path: '/api/voice/v1/calls/availability',
    tags,
    summary: 'Where a call can be transferred: the teams with their users, presence and SIP lines',
    responses: { 200: transferTargetsSchema },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/:id/reject',
    tags,
    summary: 'Declines an inbound call ringing this user (a queue call goes back to the queue)',
    params,
    responses: { 200: callSchema },
  }),
  rejectAll: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/rejectAll',
    tags,
    summary: "Declines every inbound call ringing in the user's current team",
    responses: { 200: z.object({ calls: z.array(callSchema) }) },
  }),
  recording: endpoint({
    method: 'GET',
    path: '/api/voice/v1/recordings',
    tags,
    summary:
      "A recording's audio (binary), by its id or its stored address; the caller's organisation's only",
    query: recordingQuerySchema,
    responses: { 200: z.string().meta({ format: 'binary' }) },
  }),
  recordingLength: endpoint({
    method: 'GET',
    path: '/api/voice/v1/recordings/length',
    tags,
    summary: "A recording's length in seconds",
    query: recordingLengthQuerySchema,
    responses: { 200: recordingLengthSchema },
  }),
  deleteRecording: endpoint({
    method: 'DELETE',
    path: '/api/voice/v1/recordings/:id',
    tags,
    summary: "Deletes a recording's audio (admins); the call shows 'recording deleted'",
    params: recordingIdParamsSchema,
    responses: { 204: z.null() },
  }),
  // The spec's forms of the panel's actions (§7 "Voice"): the call in the body (`callId`). The web
  // uses the `/calls/:id/<action>` forms above; both answer the same.
  answerNamed: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/answer',
    tags,
    summary: "As POST /calls/:id/answer, with the call in the body (the spec's form)",
    body: callActionRequestSchema,
    responses: { 200: callSchema },
  }),
  holdNamed: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/hold',
    tags,
    summary: "As POST /calls/:id/hold, with the call in the body (the spec's form)",
    body: callActionRequestSchema,
    responses: { 200: callSchema },
  }),
  resumeNamed: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/resume',
    tags,
    summary: "As POST /calls/:id/resume, with the call in the body (the spec's form)",
    body: callActionRequestSchema,
    responses: { 200: callSchema },
  }),
  transferNamed: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/transfer',
    tags,
    summary:
      "As POST /calls/:id/transfer, with the call in the body (the spec's form: callId, to, toExtension, toUserGroup)",
    body: transferNamedCallRequestSchema,
    responses: { 200: callSchema },
  }),
  rejectNamed: endpoint({
    method: 'POST',
    path: '/api/voice/v1/calls/reject',
    tags,
    summary: "As POST /calls/:id/reject, with the call in the body (the spec's form)",
    body: callActionRequestSchema,
    responses: { 200: callSchema },
  }),
};
