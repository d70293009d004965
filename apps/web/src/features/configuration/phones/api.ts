import {
  phoneSettingsEndpoints as endpoints,
  type PhoneSettings,
  type PutVoicemailGreetingRequest,
  type SipUser,
  type SipUserRequest,
  type TransferExtension,
  type TransferExtensionRequest,
  type UpdatePhoneSettingsRequest,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import { apiRequest } from '../../../lib/api';
import { api } from '../../../lib/endpoint-client';

/** Query keys of the Phones tab. */
export const phonesKeys = {
  settings: ['phones', 'settings'] as const,
  greetings: ['phones', 'greetings'] as const,
  transferExtensions: ['phones', 'transfer-extensions'] as const,
  sipUsers: ['phones', 'sip-users'] as const,
};

/** GET /api/phone-settings. */
export const fetchPhoneSettings = (signal?: AbortSignal): Promise<PhoneSettings> =>
  api.call(endpoints.get, { signal });
/** PUT /api/phone-settings: the fields given change. */
export const savePhoneSettings = (body: UpdatePhoneSettingsRequest): Promise<PhoneSettings> =>
  api.call(endpoints.update, { body });

/** GET /api/voicemail-greetings. */
export const fetchGreetings = (signal?: AbortSignal): Promise<VoicemailGreeting[]> =>
  api.call(endpoints.listGreetings, { signal });
/** PUT /api/voicemail-greetings. */
export const saveGreeting = (body: PutVoicemailGreetingRequest): Promise<VoicemailGreeting> =>
  api.call(endpoints.putGreeting, { body });
/** DELETE /api/voicemail-greetings/:id. */
export const deleteGreeting = (id: string): Promise<void> =>
  api.call(endpoints.deleteGreeting, { params: { id } });

/**
 * POST /api/voicemail-greetings/audio/:kind: a multipart form with the file or recording (the
 * endpoint table has no body for it: JSON bodies only). `durationSeconds` as the browser measured it.
 */
export function uploadGreetingAudio(input: {
  kind: VoicemailKind;
  teamId: string | null;
  source: 'FILE' | 'RECORDING';
  audio: Blob;
  fileName: string;
  durationSeconds: number | null;
}): Promise<VoicemailGreeting> {
  const form = new FormData();
  form.append('audio', input.audio, input.fileName);
  const query = {
    source: input.source,
    teamId: input.teamId ?? undefined,
    durationSeconds: input.durationSeconds === null ? undefined : Math.round(input.durationSeconds * 10) / 10,
  };
  return apiRequest<VoicemailGreeting>(
    'POST',
    `voicemail-greetings/audio/${encodeURIComponent(input.kind)}`,
    { body: form, query },
  );
}

/** GET /api/voicemail-greetings/:id/audio, as a Blob. */
export const fetchGreetingAudio = (id: string): Promise<Blob> =>
  apiRequest<Blob>('GET', `voicemail-greetings/${encodeURIComponent(id)}/audio`, { responseType: 'blob' });

/** POST /api/voicemail-greetings/preview: the text spoken by the server's speech synthesis (WAV), in the organisation's language. */
export const previewGreeting = (text: string): Promise<Blob> =>
  apiRequest<Blob>('POST', 'voicemail-greetings/preview', { body: { text }, responseType: 'blob' });

/** GET /api/transfer-extension. */
export const fetchTransferExtensions = (signal?: AbortSignal): Promise<TransferExtension[]> =>
  api.call(endpoints.listTransferExtensions, { signal });
/** POST /api/transfer-extension. */
export const createTransferExtension = (body: TransferExtensionRequest): Promise<TransferExtension> =>
  api.call(endpoints.createTransferExtension, { body });
/** PUT /api/transfer-extension/:id. */
export const updateTransferExtension = (
  id: string,
  body: TransferExtensionRequest,
): Promise<TransferExtension> => api.call(endpoints.updateTransferExtension, { params: { id }, body });
/** DELETE /api/transfer-extension/:id. */
export const deleteTransferExtension = (id: string): Promise<void> =>
  api.call(endpoints.deleteTransferExtension, { params: { id } });

/** GET /api/sip-users. */
export const fetchSipUsers = (signal?: AbortSignal): Promise<SipUser[]> =>
  api.call(endpoints.listSipUsers, { signal });
/** POST /api/sip-users. */
export const createSipUser = (body: SipUserRequest): Promise<SipUser> =>
  api.call(endpoints.createSipUser, { body });
/** DELETE /api/sip-users/:id. */
export const deleteSipUser = (id: string): Promise<void> =>
  api.call(endpoints.deleteSipUser, { params: { id } });
