import {
  GREETING_AUDIO_MAX_BYTES,
  GREETING_SOURCES,
  GREETING_TEXT_MAX_CHARS,
  SHORT_RECORDING_SECONDS,
  VOICEMAIL_KINDS,
  type GreetingSource,
  type TeamConfig,
  type VoicemailGreeting,
  type VoicemailKind,
} from '@accueil/domain';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMicrophone, IconPlayerPlay, IconPlayerStop, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { issuesOfApiError, type FieldIssues } from '../field-issues';
import {
  deleteGreeting,
  fetchGreetingAudio,
  fetchGreetings,
  phonesKeys,
  previewGreeting,
  saveGreeting,
  uploadGreetingAudio,
} from './api';
import { audioDuration, useAudioRecorder, type Recording } from './audio-recorder';
import { issueText } from './phone-issues';
import { Section } from './section';

const ORGANIZATION = 'organization';

/** An object URL for a Blob, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** An audio player that starts once its source is set (after a click: browsers allow it then). */
function Player({ blob, label }: { blob: Blob | null; label: string }) {
  const url = useObjectUrl(blob);
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (url) ref.current?.play().catch(() => undefined);
  }, [url]);
  if (!url) return null;
  return <audio ref={ref} controls src={url} aria-label={label} style={{ width: '100%', maxWidth: 420 }} />;
}

/**
 * Voicemail greetings per period (open, closed, break, vacation), for the whole organisation or
 * one team (a team without its own follows the organisation's). Each is on or off (off: no
 * voicemail in that period) and comes from an uploaded file, a text spoken by speech synthesis
 * (with a preview), or a recording made here.
 */
export function GreetingsSection({ teams }: { teams: readonly TeamConfig[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `phones.${id}` });
  const greetings = useQuery({
    queryKey: phonesKeys.greetings,
    queryFn: ({ signal }) => fetchGreetings(signal),
  });
  const [scope, setScope] = useState<string>(ORGANIZATION);
  const teamId = scope === ORGANIZATION ? null : scope;
  const rows = greetings.data ?? [];
  return (
    <Section id="phones-greetings" title={t('greetings.title')} intro={t('greetings.intro')}>
      <Select
        label={t('greetings.scope')}
        value={scope}
        allowDeselect={false}
        onChange={(v) => v && setScope(v)}
        data={[
          { value: ORGANIZATION, label: t('greetings.wholeOrganization') },
          ...teams.map((team) => ({ value: team.id, label: team.label })),
        ]}
        w={360}
      />
      {greetings.isSuccess && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {VOICEMAIL_KINDS.map((kind) => (
            <GreetingCard
              key={`${scope}-${kind}`}
              kind={kind}
              teamId={teamId}
              own={rows.find((g) => g.kind === kind && g.teamId === teamId) ?? null}
              organization={rows.find((g) => g.kind === kind && g.teamId === null) ?? null}
            />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}

function GreetingCard({
  kind,
  teamId,
  own,
  organization,
}: {
  kind: VoicemailKind;
  teamId: string | null;
  own: VoicemailGreeting | null;
  organization: VoicemailGreeting | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
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
    mutationFn: (input: {
      audio: Blob;
      fileName: string;
      durationSeconds: number | null;
      source: 'FILE' | 'RECORDING';
    }) => uploadGreetingAudio({ kind, teamId, ...input }),
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

  const titleId = `greeting-${kind}`;
  const audio = own?.audio ?? null;
  const short = audio?.durationSeconds != null && audio.durationSeconds < SHORT_RECORDING_SECONDS;
  const audioIssue =
    issues.audio === 'audio-type' || issues.audio === 'audio-size'
      ? t(`issue.${issues.audio}`)
      : issueText(intl, issues, 'audio');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4} size="h6" id={titleId}>
            {t(`kind.${kind}`)}
          </Title>
          {teamId && !own && (
            <Badge variant="light" color="gray" tt="none">
              {t('greetings.followsOrganization')}
            </Badge>
          )}
        </Group>
        <Switch
          label={t('greetings.enabled')}
          description={t('greetings.enabled.help')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <div>
          <Text size="sm" fw={500} id={`${titleId}-source`} mb={4}>
            {t('greetings.source')}
          </Text>
          <SegmentedControl
            aria-labelledby={`${titleId}-source`}
            value={source}
            onChange={setSource}
            data={GREETING_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
            fullWidth
          />
        </div>
        {source === 'TTS' && (
          <>
            <Textarea
              label={t('greetings.text')}
              description={t('greetings.text.help')}
              autosize
              minRows={2}
              maxRows={6}
              maxLength={GREETING_TEXT_MAX_CHARS}
              value={text}
              error={issueText(intl, issues, 'text', { max: GREETING_TEXT_MAX_CHARS })}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                loading={speak.isPending}
                disabled={!text.trim()}
                onClick={() => speak.mutate()}
              >
                {t('greetings.preview')}
              </Button>
            </Group>
            <Player blob={preview} label={t('greetings.previewPlayer')} />
          </>
        )}
        {source !== 'TTS' && (
          <>
            {audio ? (
              <Group gap="xs">
                <Text size="sm">
                  {t('greetings.stored', {
                    seconds:
                      audio.durationSeconds === null ? '?' : Math.round(audio.durationSeconds * 10) / 10,
                  })}
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlayerPlay size={14} aria-hidden />}
                  loading={listen.isPending}
                  onClick={() => listen.mutate(own!.id)}
                >
                  {t('greetings.listen')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('greetings.noAudio')}
              </Text>
            )}
            {short && (
              <Alert color="yellow" variant="light" p="xs">
                {t('greetings.short', { seconds: Math.round(audio.durationSeconds! * 10) / 10 })}
              </Alert>
            )}
            <Player blob={stored} label={t('greetings.storedPlayer')} />
            {source === 'FILE' ? (
              <FileButton
                onChange={(file) => void chooseFile(file)}
                accept="audio/mpeg,audio/wav,audio/ogg,audio/webm,audio/mp4"
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} aria-hidden />}
                    loading={upload.isPending}
                    w="fit-content"
                  >
                    {t('greetings.upload')}
                  </Button>
                )}
              </FileButton>
            ) : recorder.recording ? (
              <Button
                color="red"
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                onClick={recorder.stop}
                w="fit-content"
              >
                {t('greetings.stop')}
              </Button>
            ) : (
              <Button
                variant="default"
                leftSection={<IconMicrophone size={16} aria-hidden />}
                loading={upload.isPending}
                onClick={() => void recorder.start()}
                w="fit-content"
              >
                {t('greetings.record')}
              </Button>
            )}
            {recorder.error && (
              <Text size="sm" c="red.8" role="alert">
                {t(`greetings.recorder.${recorder.error}`)}
              </Text>
            )}
            {audioIssue && (
              <Text size="sm" c="red.8" role="alert">
                {audioIssue}
              </Text>
            )}
          </>
        )}
        <Group justify="flex-end" gap="xs">
          {own && (
            <Button variant="default" loading={follow.isPending} onClick={() => follow.mutate(own.id)}>
              {t(teamId ? 'greetings.follow' : 'greetings.reset')}
            </Button>
          )}
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t(teamId && !own ? 'greetings.saveForTeam' : 'greetings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
