import { GREETING_TEXT_MAX_CHARS } from '@accueil/domain';
import { Button, Group, Textarea } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { AudioPlayer } from './audio-player';
import { phoneIssueText } from './phone-issues';
import type { GreetingState } from './use-greeting';

/** A greeting spoken by speech synthesis: its text and a preview to listen to. */
export function GreetingText({ greeting }: { greeting: GreetingState }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `phones.${id}` });
  const { text, speak } = greeting;
  return (
    <>
      <Textarea
        label={t('greetings.text')}
        description={t('greetings.text.help')}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={GREETING_TEXT_MAX_CHARS}
        error={phoneIssueText(intl, greeting.form.formState.errors.text?.message, {
          max: GREETING_TEXT_MAX_CHARS,
        })}
        {...greeting.form.register('text')}
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
      <AudioPlayer blob={greeting.preview} label={t('greetings.previewPlayer')} />
    </>
  );
}
