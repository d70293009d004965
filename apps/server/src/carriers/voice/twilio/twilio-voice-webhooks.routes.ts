import { AppError } from '@accueil/domain';
import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../http/types';
import { formParams } from '../../messaging/twilio/twilio-signature';
import type { VoiceInbox } from '../voice-carrier';
import { greetingAudioForPhone } from '../audio-file';
import { greetingAudioSigner, TWILIO_GREETING_AUDIO_PATH } from './twilio-greeting-audio';
import type { TwilioVoiceCarrier } from './twilio-voice-carrier';
import { one, required } from '../../messaging/twilio/twilio-params';
import {
  parseAgentAnswer,
  parseBrowserCall,
  parseCallStatus,
  parseDialAction,
  parseIncomingCall,
  parseQueueKey,
  parseVoicemail,
  TWILIO_VOICE_CARRIER,
} from './twilio-voice-params';
import {
  dialActionTwiml,
  inboundCallTwiml,
  outboundCallTwiml,
  queueKeyTwiml,
  queueLeftTwiml,
  queueWaitTwiml,
  rejectedCallTwiml,
  TWILIO_VOICE_PATHS,
  type TwilioVoiceUrls,
} from './twilio-voice-twiml';

/** Twilio posts `application/x-www-form-urlencoded`; it adds parameters without notice. */
const twilioForm = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const twiml = z.string().describe('TwiML');
const tags = ['webhooks'];

const sendTwiml = (reply: FastifyReply, body: string) => reply.code(200).type('text/xml').send(body);

/**
 * Twilio Voice's webhooks (registered only with the Twilio voice carrier), in their own scope
 * where form bodies are accepted (JSON answers 415). Each checks `X-Twilio-Signature`
 * (`carrier.verifyWebhook`, as messaging's) before the body is validated or anything written
 * (403 `signature-invalid`), then hands what it received to `inbox` (the calls module):
 * - incoming (a team number's voice URL): the greeting, then queue, ring or voicemail (TwiML);
 * - outbound (the TwiML application's voice URL): a browser dials a number (TwiML `<Dial>`);
 * - status (the numbers' status callback, and the callee's leg of a browser's call): 204;
 * - agent-status (a browser's leg of an inbound call): records who answered, 204;
 * - dial-action/:callId (the `<Dial action>` of an inbound call ringing the team): nobody
 *   answered within the ring timeout or every browser declined → the queue or the voicemail of
 *   the period (TwiML); answered, or not the app's call → `<Hangup/>`;
 * - voicemail (the `<Record>`'s recording callback): stores the voicemail once, 204;
 * - queue-wait (the `<Enqueue>`'s wait URL), queue-key (its `<Gather>`'s action), queue-left (the
 *   `<Enqueue>`'s action): the queue message, a callback text on key 1, the voicemail on key 0 (TwiML).
 */
export async function twilioVoiceWebhookRoutes(
  app: AppInstance,
  carrier: TwilioVoiceCarrier,
  inbox: VoiceInbox,
  urls: TwilioVoiceUrls,
  greetingAudio: GreetingAudioSigner,
): Promise<void> {
  await app.register(async (scope: AppInstance) => {
    scope.removeContentTypeParser('application/json');
    await scope.register(formbody);
    registerWebhooks(scope, carrier, inbox, urls);
    registerGreetingAudio(scope, inbox, greetingAudio);
  });
}

type GreetingAudioSigner = ReturnType<typeof greetingAudioSigner>;

/**
 * GET of a greeting's audio for Twilio's `<Play>` (the address `greetingAudioSigner` signed, checked
 * before anything is read: 403 `signature-invalid`): the organisation's stored greeting, an MP3 or
 * WAV as it is, any other decoded and served as WAV (`greetingAudioForPhone`); 404 when it is gone.
 */
function registerGreetingAudio(app: AppInstance, inbox: VoiceInbox, signer: GreetingAudioSigner): void {
  const params = z.object({ organizationId: z.uuid(), greetingId: z.uuid() });
  const schema = {
    tags,
    summary: "A greeting's audio for Twilio's <Play> (signed address)",
    params,
    querystring: z.object({ signature: z.string() }),
    produces: ['audio/mpeg', 'audio/wav'],
    response: { 200: z.string().meta({ format: 'binary' }) },
  };
  app.get(
    TWILIO_GREETING_AUDIO_PATH,
    {
      config: {
        access: {
          webhook: 'twilio',
          signedIn: 'query',
          verify: (request: FastifyRequest) => signer.verify(request),
        },
      },
      schema,
    },
    async (request, reply) => {
      const { organizationId, greetingId } = params.parse(request.params);
      const audio = await inbox.greetingAudio({ organizationId, greetingId });
      if (!audio) throw new AppError('not-found', 'Greeting not found');
      const served = await greetingAudioForPhone(audio);
      // A Buffer through a schema that says `string` (binary): Fastify sends it as it is.
      return reply
        .code(200)
        .type(served.mediaType)
        .header('cache-control', 'private, max-age=300')
        .send(served.content as unknown as string);
    },
  );
}

function registerWebhooks(
  app: AppInstance,
  carrier: TwilioVoiceCarrier,
  inbox: VoiceInbox,
  urls: TwilioVoiceUrls,
): void {
  const access = {
    webhook: 'twilio',
    verify: (request: FastifyRequest) => carrier.verifyWebhook(request),
  } as const;
  const twimlRoute = (summary: string, params?: z.ZodObject) => ({
    config: { access },
    schema: {
      tags,
      summary,
      ...(params ? { params } : {}),
      body: twilioForm,
      produces: ['text/xml'],
      response: { 200: twiml },
    },
  });
  const callbackRoute = (summary: string) => ({
    config: { access },
    schema: { tags, summary, body: twilioForm, response: { 204: z.null() } },
  });

  app.post(
    TWILIO_VOICE_PATHS.incoming,
    twimlRoute('Twilio incoming call (answers TwiML: greeting, then queue, ring or voicemail)'),
    async (request, reply) => {
      const call = parseIncomingCall(formParams(request.body));
      const plan = await inbox.startInboundCall(call);
      if (!plan) {
        request.log.warn(
          { callSid: call.callSid, to: call.to },
          'twilio voice: no team has this number, call rejected',
        );
        return sendTwiml(reply, rejectedCallTwiml());
      }
      return sendTwiml(reply, inboundCallTwiml(plan, urls));
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.outbound,
    twimlRoute('Twilio call placed from a browser (answers TwiML: dial the number)'),
    async (request, reply) => {
      const placed = parseBrowserCall(formParams(request.body));
      try {
        const call = await inbox.startOutboundCall(placed);
        return sendTwiml(reply, outboundCallTwiml(call, urls));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The browser's own checks came first; this one is the rule (web calls off, tier, number).
        request.log.warn({ callSid: placed.callSid, code: error.code }, 'twilio voice: browser call refused');
        return sendTwiml(reply, rejectedCallTwiml());
      }
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.status,
    callbackRoute('Twilio call status callback'),
    async (request, reply) => {
      const report = parseCallStatus(formParams(request.body));
      if (report) await inbox.applyCallStatus(report);
      return reply.code(204).send(null);
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.agentStatus,
    callbackRoute("Twilio status callback of a browser's leg (who answered)"),
    async (request, reply) => {
      const answer = parseAgentAnswer(formParams(request.body));
      if (answer) await inbox.answerCall(answer);
      return reply.code(204).send(null);
    },
  );

  const dialActionParams = z.object({ callId: z.uuid() });
  const dialActionSummary =
    'Twilio ring of the team ended (answers TwiML: the queue or the voicemail when nobody answered, else hang up)';
  app.post(
    TWILIO_VOICE_PATHS.dialAction,
    twimlRoute(dialActionSummary, dialActionParams),
    async (request, reply) => {
      const { callId } = dialActionParams.parse(request.params);
      const dial = parseDialAction(formParams(request.body));
      const after = await inbox.ringEnded({ ...dial, callId });
      return sendTwiml(reply, dialActionTwiml(after, urls));
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.queueWait,
    twimlRoute('Twilio queue wait URL (answers TwiML: the queue message and pause, keys 1 and 0)'),
    async (request, reply) => {
      const plan = await inbox.callPlan({
        carrier: TWILIO_VOICE_CARRIER,
        callSid: required(formParams(request.body), 'CallSid'),
      });
      return sendTwiml(reply, queueWaitTwiml(plan?.queuePrompt ?? null, urls));
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.queueKey,
    twimlRoute('Twilio key pressed in the queue (answers TwiML: 1 a callback text, 0 the voicemail)'),
    async (request, reply) => {
      const { carrier: name, callSid, key } = parseQueueKey(formParams(request.body));
      const callback = key === '1' ? await inbox.requestCallback({ carrier: name, callSid }) : null;
      return sendTwiml(reply, queueKeyTwiml(key, callback, urls));
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.queueLeft,
    twimlRoute('Twilio caller left the queue (answers TwiML: the voicemail after key 0)'),
    async (request, reply) => {
      const params = formParams(request.body);
      const queueResult = one(params, 'QueueResult');
      const plan =
        queueResult === 'leave'
          ? await inbox.callPlan({ carrier: TWILIO_VOICE_CARRIER, callSid: required(params, 'CallSid') })
          : null;
      return sendTwiml(reply, queueLeftTwiml(queueResult, plan, urls));
    },
  );

  app.post(
    TWILIO_VOICE_PATHS.voicemail,
    callbackRoute('Twilio recording status callback (a voicemail)'),
    async (request, reply) => {
      const voicemail = parseVoicemail(formParams(request.body));
      if (voicemail) await inbox.recordVoicemail(voicemail);
      return reply.code(204).send(null);
    },
  );
}
