import { Affix, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { unlockAudio } from '../../lib/notification-sound';
import { setPreferences } from '../../lib/preferences';

/** How long after the shell shows the prompt appears (spec: "shown after 1 s on iOS devices"). */
export const IOS_AUDIO_PROMPT_DELAY_MS = 1000;
const DISMISSED_KEY = 'accueil.iosAudioPrompt';

/**
 * Whether this is an iPhone, iPad or iPod: Safari on iOS plays no sound a page did not start
 * from a touch. iPadOS presents itself as a Mac, told apart by its touch points.
 */
export function isIosDevice(
  nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator,
): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/**
 * The iOS audio-notification prompt (spec, "Other shell elements"): on iOS devices only, one
 * second after the signed-in shell shows (rendered by the calls layer, which loads after the shell;
 * never on the onboarding, sign-in and password pages, which are outside it), a card asks to allow notification sounds; "Allow" is the touch iOS needs
 * to unlock audio, and turns the chime on (personalisation). Either answer hides it for this tab.
 */
export function IosAudioPrompt() {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!isIosDevice() || sessionStorage.getItem(DISMISSED_KEY)) return;
    const timer = setTimeout(() => setShown(true), IOS_AUDIO_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setShown(false);
  };
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={250}>
      <Paper
        withBorder
        shadow="md"
        radius="md"
        p="md"
        maw={360}
        role="region"
        aria-label={intl.formatMessage({ id: 'personalization.iosAudio.title' })}
        data-testid="ios-audio-prompt"
      >
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconVolume size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{intl.formatMessage({ id: 'personalization.iosAudio.body' })}</Text>
          </Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={close}>
              {intl.formatMessage({ id: 'personalization.iosAudio.later' })}
            </Button>
            <Button
              size="xs"
              onClick={() => {
                unlockAudio();
                setPreferences({ sounds: true });
                close();
              }}
            >
              {intl.formatMessage({ id: 'personalization.iosAudio.allow' })}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
