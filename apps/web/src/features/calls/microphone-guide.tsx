import { Alert, Button, Group, List, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { checkMicrophone, type MicrophoneProblem } from './microphone-problem';

/** The browsers the guide has steps for. */
export type GuideBrowser = 'chrome' | 'edge' | 'firefox' | 'safari';
const BROWSERS: readonly GuideBrowser[] = ['chrome', 'edge', 'firefox', 'safari'];
/** How many steps each browser's instructions have (`calls.micGuide.<browser>.<n>`). */
const STEPS: Record<GuideBrowser, number> = { chrome: 4, edge: 4, firefox: 4, safari: 4 };

/** The browser a user agent names (Edge and Chrome both say "Chrome"; Safari alone lacks it). */
export function guideBrowserOf(userAgent: string): GuideBrowser {
  if (/Edg\//.test(userAgent)) return 'edge';
  if (/Firefox\//.test(userAgent)) return 'firefox';
  if (/Safari\//.test(userAgent) && !/Chrom(e|ium)\//.test(userAgent)) return 'safari';
  return 'chrome';
}

/**
 * The microphone guide (spec: "no microphone detected (opens a guide)"; docs/behaviour/calls.md,
 * "No microphone"): what went wrong, how to plug in or allow a microphone in each browser (the
 * user's own first), and "Try again", which asks the browser for the microphone once more: when
 * it is there, the guide closes and an outbound call is placed again (`onReady`).
 */
export function MicrophoneGuide({
  problem,
  onClose,
  onReady,
}: {
  problem: MicrophoneProblem;
  onClose: () => void;
  onReady: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `calls.micGuide.${id}` }, values);
  const [current, setCurrent] = useState(problem);
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);
  const [browser, setBrowser] = useState<GuideBrowser>(() => guideBrowserOf(navigator.userAgent));

  const retry = async () => {
    setChecking(true);
    const found = await checkMicrophone();
    setChecking(false);
    setChecked(true);
    if (found === null) onReady();
    else setCurrent(found);
  };

  return (
    <Modal opened onClose={onClose} title={t('title')} size="lg" data-testid="microphone-guide">
      <Stack gap="md">
        <Alert color="orange" icon={<IconMicrophoneOff size={20} aria-hidden />} role="status">
          <Text fw={600}>{t(`problem.${current}`)}</Text>
          {checked && <Text size="sm">{t('stillMissing')}</Text>}
        </Alert>
        <Text size="sm">{t(`intro.${current}`)}</Text>
        <Tabs value={browser} onChange={(value) => value && setBrowser(value as GuideBrowser)}>
          <Tabs.List aria-label={t('browsers')}>
            {BROWSERS.map((b) => (
              <Tabs.Tab key={b} value={b}>
                {t(`browser.${b}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BROWSERS.map((b) => (
            <Tabs.Panel key={b} value={b} pt="sm">
              <List type="ordered" spacing="xs" size="sm">
                {Array.from({ length: STEPS[b] }, (_, i) => (
                  <List.Item key={i}>{t(`${b}.${i + 1}`)}</List.Item>
                ))}
              </List>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Text size="sm" c="dimmed">
          {t('system')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
          <Button loading={checking} onClick={() => void retry()}>
            {t('retry')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
