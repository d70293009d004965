import { z } from 'zod';
import {
  sandboxCallIdParamsSchema,
  sandboxCallSchema,
  sandboxDeviceRegistrationSchema,
  sandboxPhoneCallEventSchema,
  sandboxPhoneDialSchema,
  sandboxStaffCallEventSchema,
  sandboxStaffDialSchema,
} from '../contracts/sandbox-voice';
import { endpoint } from './endpoint';

const tags = ['sandbox'] as const;

/**
 * The sandbox voice network (only with `VOICE_CARRIER=sandbox`; docs/behaviour/calls.md,
 * "Sandbox calls"). The phone simulator's side needs no sign-in; the staff side is the signed-in
 * user's voice device. Both ends hear of the other's moves through realtime `voice:*` events.
 */
export const sandboxVoiceEndpoints = {
  phoneDial: endpoint({
    method: 'POST',
    path: '/api/sandbox/voice/calls',
    tags,
    summary: "A simulated phone calls a team's number (404 when no team has it)",
    body: sandboxPhoneDialSchema,
    responses: { 201: sandboxCallSchema },
  }),
  phoneEvent: endpoint({
    method: 'POST',
    path: '/api/sandbox/voice/calls/:callId/events',
    tags,
    summary: 'The simulated phone answers, hangs up or sends its session description',
    params: sandboxCallIdParamsSchema,
    body: sandboxPhoneCallEventSchema,
    responses: { 200: sandboxCallSchema },
  }),
  registerDevice: endpoint({
    method: 'POST',
    path: '/api/voice/v1/sandbox/devices',
    tags,
    summary: "Registers the user's sandbox voice device with its voice token until the token ends",
    body: sandboxDeviceRegistrationSchema,
    responses: { 204: z.null() },
  }),
  staffDial: endpoint({
    method: 'POST',
    path: '/api/voice/v1/sandbox/calls',
    tags,
    summary: "The user calls a simulated phone from their current team's number",
    body: sandboxStaffDialSchema,
    responses: { 201: sandboxCallSchema },
  }),
  staffEvent: endpoint({
    method: 'POST',
    path: '/api/voice/v1/sandbox/calls/:callId/events',
    tags,
    summary: "The user's device answers, rejects, hangs up, holds, resumes or sends its session description",
    params: sandboxCallIdParamsSchema,
    body: sandboxStaffCallEventSchema,
    responses: { 200: sandboxCallSchema },
  }),
};
