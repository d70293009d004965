import {
  GREETING_AUDIO_MAX_BYTES,
  type GreetingSource,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { issuesOfApiError, type FieldIssues } from '../field-issues';
import {
  deleteGreeting,
  fetchGreetingAudio,
  phonesKeys,
  previewGreeting,
  saveGreeting,
  uploadGreetingAudio,
} from './api';
import { audioDuration, useAudioRecorder, type Recording } from './audio-recorder';

type Upload = { audio: Blob; fileName: string; durationSeconds: number | null; source: 'FILE' | 'RECORDING' };

/**
 * One greeting card's state: on or off, its source and text (starting from the team's own
 * greeting, else the organisation's it follows), field issues (a chosen file's type and size
 * checked here, the server's refusal), the spoken preview and the stored audio fetched to
 * listen; `save`, `upload` (a file or a recording made here), `speak`, `listen` and `follow`
 * (drop the team's own greeting, or reset the organisation's).
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
  const [enabled, setEnabled] = useState(shown?.enabled ?? true);
  const [source, setSource] = useState<GreetingSource>(shown?.source ?? 'TTS');
  const [text, setText] = useState(shown?.text ?? '');
  const [issues, setIssues] = useState<FieldIssues>({});
  const [preview, setPreview] = useState<Blob | null>(null);
  const [stored, setStored] = useState<Blob | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: phonesKeys.greetings });

  const save = useMutation({
    mutationFn: () => saveGreeting({ teamId, kind, enabled, source, text: text.trim() || null }),
    onSuccess: async () => {
      setIssues({});
      notifySuccess(t('greetings.saved'));
      await refresh();
    },
    onError: (error) => {
      setIssues(issuesOfApiError(error));
      notifyError(error);
    },
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
    enabled,
    setEnabled,
    source,
    setSource,
    text,
    setText,
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
