import { z } from 'zod';
import {
  greetingAudioParamsSchema,
  greetingAudioQuerySchema,
  greetingPreviewRequestSchema,
  phoneRowIdParamsSchema,
  phoneSettingsSchema,
  putVoicemailGreetingRequestSchema,
  sipUserRequestSchema,
  sipUserSchema,
  transferExtensionRequestSchema,
  transferExtensionSchema,
  updatePhoneSettingsRequestSchema,
  voicemailGreetingSchema,
} from '../contracts/phone-settings';
import { endpoint } from './endpoint';

const tags = ['phones'] as const;
const params = phoneRowIdParamsSchema;

/**
 * The Phones settings of the signed-in user's organisation (docs/behaviour/calls.md, "Phones
 * settings"): administrators only, except the transfer extensions, which every member reads (the
 * call panel transfers to them). Another organisation's id answers 404. Imported by name.
 */
export const phoneSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/phone-settings',
    tags,
    summary: 'The organisation’s phone settings (administrators)',
    responses: { 200: phoneSettingsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/phone-settings',
    tags,
    summary: 'Changes phone settings (administrators; fields left out keep their value)',
    body: updatePhoneSettingsRequestSchema,
    responses: { 200: phoneSettingsSchema },
  }),
  listGreetings: endpoint({
    method: 'GET',
    path: '/api/voicemail-greetings',
    tags,
    summary: 'The voicemail greetings of the organisation and its teams (administrators)',
    responses: { 200: z.array(voicemailGreetingSchema) },
  }),
  putGreeting: endpoint({
    method: 'PUT',
    path: '/api/voicemail-greetings',
    tags,
    summary: 'Sets one greeting’s switch, source and text (administrators)',
    body: putVoicemailGreetingRequestSchema,
    responses: { 200: voicemailGreetingSchema },
  }),
  /** Multipart form with one file field (`audio`), at most `GREETING_AUDIO_MAX_BYTES`, sniffed from the content. */
  uploadGreetingAudio: endpoint({
    method: 'POST',
    path: '/api/voicemail-greetings/audio/:kind',
    tags,
    summary: 'Stores a greeting’s audio file or browser recording (administrators; multipart)',
    params: greetingAudioParamsSchema,
    query: greetingAudioQuerySchema,
    responses: { 200: voicemailGreetingSchema },
  }),
  greetingAudio: endpoint({
    method: 'GET',
    path: '/api/voicemail-greetings/:id/audio',
    tags,
    summary: 'A greeting’s stored audio (administrators)',
    params,
    responses: { 200: z.string() },
  }),
  deleteGreeting: endpoint({
    method: 'DELETE',
    path: '/api/voicemail-greetings/:id',
    tags,
    summary:
      'Removes a greeting: the team follows the organisation’s, the organisation the product’s (administrators)',
    params,
    responses: { 204: z.null() },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/voicemail-greetings/preview',
    tags,
    summary: 'The text spoken by speech synthesis, as WAV audio (administrators)',
    body: greetingPreviewRequestSchema,
    responses: { 200: z.string() },
  }),
  listTransferExtensions: endpoint({
    method: 'GET',
    path: '/api/transfer-extension',
    tags,
    summary: 'The transfer extensions (every member)',
    responses: { 200: z.array(transferExtensionSchema) },
  }),
  createTransferExtension: endpoint({
    method: 'POST',
    path: '/api/transfer-extension',
    tags,
    summary: 'Adds a transfer extension (administrators)',
    body: transferExtensionRequestSchema,
    responses: { 201: transferExtensionSchema },
  }),
  updateTransferExtension: endpoint({
    method: 'PUT',
    path: '/api/transfer-extension/:id',
    tags,
    summary: 'Changes a transfer extension (administrators)',
    params,
    body: transferExtensionRequestSchema,
    responses: { 200: transferExtensionSchema },
  }),
  deleteTransferExtension: endpoint({
    method: 'DELETE',
    path: '/api/transfer-extension/:id',
    tags,
    summary: 'Removes a transfer extension (administrators)',
    params,
    responses: { 204: z.null() },
  }),
  listSipUsers: endpoint({
    method: 'GET',
    path: '/api/sip-users',
    tags,
    summary: 'The organisation’s SIP users (administrators)',
    responses: { 200: z.array(sipUserSchema) },
  }),
  createSipUser: endpoint({
    method: 'POST',
    path: '/api/sip-users',
    tags,
    summary: 'Adds a SIP user (administrators)',
    body: sipUserRequestSchema,
    responses: { 201: sipUserSchema },
  }),
  deleteSipUser: endpoint({
    method: 'DELETE',
    path: '/api/sip-users/:id',
    tags,
    summary: 'Removes a SIP user (administrators)',
    params,
    responses: { 204: z.null() },
  }),
};
