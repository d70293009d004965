import {
  GREETING_AUDIO_MAX_BYTES,
  greetingSourceSchema,
  putVoicemailGreetingRequestSchema,
  type GreetingSource,
  type PutVoicemailGreetingRequest,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { applyServerError, useZodForm } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { FieldIssues } from '../field-issues';
import {
  deleteGreeting,
  fetchGreetingAudio,
  phonesKeys,
  previewGreeting,
  saveGreeting,
  uploadGreetingAudio,
} from './api';
import { audioDuration, useAudioRecorder, type Recording } from './audio-recorder';

/** A greeting card's form: on or off, its source, and the text spoken (empty: none). */
export type GreetingValues = { enabled: boolean; source: GreetingSource; text: string };

/** The card's form read as `PUT /api/voicemail-greetings` takes it (the domain's request schema), for `teamId`'s `kind`. */
export function greetingFormSchema(
  teamId: string | null,
  kind: VoicemailKind,
): z.ZodType<PutVoicemailGreetingRequest, GreetingValues> {
  return z
    .object({ enabled: z.boolean(), source: greetingSourceSchema, text: z.string() })
    .transform((v): z.input<typeof putVoicemailGreetingRequestSchema> => ({
      teamId,
      kind,
      enabled: v.enabled,
      source: v.source,
      text: v.text.trim() || null,
    }))
    .pipe(putVoicemailGreetingRequestSchema);
}

type Upload = { audio: Blob; fileName: string; durationSeconds: number | null; source: 'FILE' | 'RECORDING' };

/**
 * One greeting card's state: its form (on or off, its source and text, starting from the team's
 * own greeting, else the organisation's it follows; `submit` saves it, a refusal's field issue
 * landing on its field), the audio's issues (a chosen file's type and size, checked here), the
 * spoken preview and the stored audio fetched to listen;
 * `upload` (a file or a recording made here), `speak`, `listen` and `follow` (drop the team's
 * own greeting, or reset the organisation's).
 */
export function useGreeting(input: {
  kind: VoicemailKind;
  teamId: string | null;
  own: VoicemailGreeting | null;
  organization: VoicemailGreeting | null;
}) {
  const { kind, teamId, own, organization } = input;
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `phones.${id}` });
  const client = useQueryClient();
  const shown = own ?? (teamId ? organization : null);
  const schema = useMemo(() => greetingFormSchema(teamId, kind), [teamId, kind]);
  const form = useZodForm<GreetingValues, PutVoicemailGreetingRequest>(schema, {
    defaultValues: {
      enabled: shown?.enabled ?? true,
      source: shown?.source ?? 'TTS',
      text: shown?.text ?? '',
    },
  });
  const [source, text] = useWatch({ control: form.control, name: ['source', 'text'] });
  const [issues, setIssues] = useState<FieldIssues>({});
  const [preview, setPreview] = useState<Blob | null>(null);
  const [stored, setStored] = useState<Blob | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: phonesKeys.greetings });

  const save = useMutation({
    mutationFn: (body: PutVoicemailGreetingRequest) => saveGreeting(body),
    onSuccess: async () => {
      notifySuccess(t('greetings.saved'));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['enabled', 'source', 'text'] });
    }
  });
  const upload = useMutation({
    mutationFn: (u: Upload) => uploadGreetingAudio({ kind, teamId, ...u }),
    onSuccess: async () => {
      setIssues({});
      setStored(null);
      notifySuccess(t('greetings.uploaded'));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const speak = useMutation({
    mutationFn: () => previewGreeting(text.trim()),
    onSuccess: setPreview,
    onError: (error) => notifyError(error),
  });
  const listen = useMutation({
    mutationFn: (id: string) => fetchGreetingAudio(id),
    onSuccess: setStored,
    onError: (error) => notifyError(error),
  });
  const follow = useMutation({
    mutationFn: (id: string) => deleteGreeting(id),
    onSuccess: async () => {
      notifySuccess(t('greetings.followsNow'));
      await refresh();
    },
    onError: (error) => notifyError(error),
  });
  const recorder = useAudioRecorder((recording: Recording) =>
    upload.mutate({
      audio: recording.audio,
      fileName: 'recording.webm',
      durationSeconds: recording.durationSeconds,
      source: 'RECORDING',
    }),
  );

  /** Uploads a chosen file, unless it is not audio or is too large (said under the card, nothing sent). */
  const chooseFile = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('audio/')) return setIssues({ audio: 'audio-type' });
    if (file.size > GREETING_AUDIO_MAX_BYTES) return setIssues({ audio: 'audio-size' });
    upload.mutate({
      audio: file,
      fileName: file.name,
      durationSeconds: await audioDuration(file),
      source: 'FILE',
    });
  };

  return {
    kind,
    teamId,
    own,
    form,
    submit,
    source,
    text,
    issues,
    preview,
    stored,
    save,
    upload,
    speak,
    listen,
    follow,
    recorder,
    chooseFile,
  };
}

/** What {@link useGreeting} returns, which the card's parts read. */
export type GreetingState = ReturnType<typeof useGreeting>;
