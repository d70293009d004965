import { z } from 'zod';

/**
 * The sandbox's voice network (docs/behaviour/calls.md, "Sandbox calls"): the server rings
 * devices and phone simulators and relays their WebRTC session descriptions; the audio flows
 * browser to browser. A description is sent whole, once its ICE candidates are gathered.
 */
export const sessionDescriptionSchema = z.strictObject({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1).max(20_000),
});
export type SessionDescription = z.infer<typeof sessionDescriptionSchema>;

/** A call on the sandbox network, as both ends see it. `direction` is the team's point of view. */
export const sandboxCallSchema = z.object({
  id: z.uuid(),
  /** The simulated phone's number (E.164). */
  phone: z.string(),
  /** The team's number (E.164). */
  teamNumber: z.string(),
  teamId: z.uuid(),
  direction: z.enum(['inbound', 'outbound']),
  state: z.enum(['ringing', 'in-progress', 'held', 'ended']),
  /**
   * A call transferred to this phone's number (a transfer extension): the extension's digits the
   * network sent as keypad tones once the phone answered (absent or null: none).
   */
  digits: z.string().nullable().optional(),
});
export type SandboxCall = z.infer<typeof sandboxCallSchema>;

/** POST /api/sandbox/voice/calls: the simulated phone `from` calls the team number `to`. */
export const sandboxPhoneDialSchema = z.strictObject({
  from: z.string().min(1).max(40),
  to: z.string().min(1).max(40),
});

/** POST /api/sandbox/voice/calls/{callId}/events: what the simulated phone `number` does on a call. */
export const sandboxPhoneCallEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('answer'), number: z.string().min(1).max(40) }),
  z.strictObject({ type: z.literal('hang-up'), number: z.string().min(1).max(40) }),
  z.strictObject({
    type: z.literal('signal'),
    number: z.string().min(1).max(40),
    description: sessionDescriptionSchema,
  }),
]);
export type SandboxPhoneCallEvent = z.infer<typeof sandboxPhoneCallEventSchema>;

/** POST /api/voice/v1/sandbox/devices: the signed-in user's browser registers its voice device with its voice token. */
export const sandboxDeviceRegistrationSchema = z.strictObject({ token: z.string().min(1).max(4000) });

/** POST /api/voice/v1/sandbox/calls: a staff member calls a simulated phone from their current team's number. */
export const sandboxStaffDialSchema = z.strictObject({ to: z.string().min(1).max(40) });

/** POST /api/voice/v1/sandbox/calls/{callId}/events: what the staff member's device does on a call. */
export const sandboxStaffCallEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['answer', 'reject', 'hang-up', 'hold', 'resume']) }),
  z.strictObject({ type: z.literal('signal'), description: sessionDescriptionSchema }),
]);
export type SandboxStaffCallEvent = z.infer<typeof sandboxStaffCallEventSchema>;

export const sandboxCallIdParamsSchema = z.strictObject({ callId: z.uuid() });
