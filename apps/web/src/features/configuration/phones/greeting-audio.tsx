import { SHORT_RECORDING_SECONDS } from '@accueil/domain';
import { Alert, Button, FileButton, Group, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerPlay, IconPlayerStop, IconUpload } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { AudioPlayer } from './audio-player';
import { issueText } from './phone-issues';
import type { GreetingState } from './use-greeting';

const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * A greeting from audio: the stored audio's length (to listen to, with a warning when it is
 * very short), and the upload button (a file) or the record and stop buttons (a recording
 * made here), with the file's or the recorder's problem said below.
 */
export function GreetingAudio({ greeting }: { greeting: GreetingState }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const { own, issues, upload, listen, recorder } = greeting;
  const audio = own?.audio ?? null;
  const short = audio?.durationSeconds != null && audio.durationSeconds < SHORT_RECORDING_SECONDS;
  const audioIssue =
    issues.audio === 'audio-type' || issues.audio === 'audio-size'
      ? t(`issue.${issues.audio}`)
      : issueText(intl, issues, 'audio');
  return (
    <>
      {audio ? (
        <Group gap="xs">
          <Text size="sm">
            {t('greetings.stored', {
              seconds: audio.durationSeconds === null ? '?' : tenths(audio.durationSeconds),
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
          {t('greetings.short', { seconds: tenths(audio.durationSeconds!) })}
        </Alert>
      )}
      <AudioPlayer blob={greeting.stored} label={t('greetings.storedPlayer')} />
      {greeting.source === 'FILE' ? (
        <FileButton
          onChange={(file) => void greeting.chooseFile(file)}
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
  );
}
