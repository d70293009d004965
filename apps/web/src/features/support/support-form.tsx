import {
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SCREENSHOT_ACCEPT,
  SUPPORT_SCREENSHOT_MAX_BYTES,
  SUPPORT_SCREENSHOT_MEDIA_TYPES,
  supportRequestFieldsSchema,
} from '@accueil/domain';
import { Button, CloseButton, FileButton, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera, IconPhotoUp, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { sendSupportRequest } from './api';
import { capturePage } from './capture-page';

/** The server's refusals of a screenshot, by code, as the texts the picker shows for them. */
const SCREENSHOT_REFUSALS: Partial<Record<string, string>> = {
  'unsupported-media-type': 'support.screenshotType',
  'payload-too-large': 'support.screenshotTooLarge',
};

/** The form's own rule: the description (the page's address and the screenshot are not typed). */
const descriptionSchema = supportRequestFieldsSchema.pick({ description: true });

type Screenshot = { blob: Blob; name: string; previewUrl: string };

/** Why a chosen picture is refused before sending (the server checks the content again). */
function screenshotProblem(file: File): 'support.screenshotType' | 'support.screenshotTooLarge' | null {
  if (!(SUPPORT_SCREENSHOT_MEDIA_TYPES as readonly string[]).includes(file.type))
    return 'support.screenshotType';
  if (file.size > SUPPORT_SCREENSHOT_MAX_BYTES) return 'support.screenshotTooLarge';
  return null;
}

/**
 * The report-a-problem dialog's form (spec: "Support dialog"): a required description, an
 * optional screenshot captured from the page or chosen (PNG, JPEG or SVG, at most 5 MB), sent
 * with the page's address; the person's name, e-mail, user and organisation are added by the
 * server. 'Message sent' then `onDone`; a failure stays in the dialog with what was written.
 */
export function SupportForm({ onDone }: { onDone: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText('support');
  const form = useZodForm(descriptionSchema, { defaultValues: { description: '' } });
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const maxSize = intl.formatNumber(SUPPORT_SCREENSHOT_MAX_BYTES / 1_000_000, {
    style: 'unit',
    unit: 'megabyte',
  });

  // A preview's object URL lives as long as that screenshot is the chosen one.
  useEffect(
    () => () => {
      if (screenshot) URL.revokeObjectURL(screenshot.previewUrl);
    },
    [screenshot],
  );

  const keep = (blob: Blob, name: string) => {
    setScreenshotError(null);
    setScreenshot({ blob, name, previewUrl: URL.createObjectURL(blob) });
  };
  const choose = (file: File | null) => {
    if (!file) return;
    const problem = screenshotProblem(file);
    if (problem) setScreenshotError(intl.formatMessage({ id: problem }, { size: maxSize }));
    else keep(file, file.name);
  };
  const capture = async () => {
    setCapturing(true);
    try {
      keep(await capturePage(), 'capture.png');
    } catch {
      setScreenshotError(intl.formatMessage({ id: 'support.captureFailed' }));
    } finally {
      setCapturing(false);
    }
  };
  const submit = form.handleSubmit(async ({ description }) => {
    try {
      await sendSupportRequest({ description, url: window.location.href, screenshot });
      notifySuccess(intl.formatMessage({ id: 'support.sent' }));
      onDone();
    } catch (error) {
      // The server judged the screenshot otherwise than the browser did: said beside the picture.
      const refusal = error instanceof ApiError ? SCREENSHOT_REFUSALS[error.code] : undefined;
      if (refusal) setScreenshotError(intl.formatMessage({ id: refusal }, { size: maxSize }));
      else applyServerError(form.setError, error, { fields: ['description'], fallback: 'support.failed' });
    }
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={intl.formatMessage({ id: 'support.formLabel' })}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="support.intro" />
        </Text>
        <Textarea
          {...form.register('description')}
          label={intl.formatMessage({ id: 'support.description' })}
          placeholder={intl.formatMessage({ id: 'support.descriptionPlaceholder' })}
          required
          autosize
          minRows={4}
          maxRows={10}
          data-autofocus
          error={errorText(form.formState.errors.description?.message, {
            max: SUPPORT_DESCRIPTION_MAX_LENGTH,
          })}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            <FormattedMessage id="support.screenshot" />
          </Text>
          {screenshot ? (
            <Paper withBorder p="xs" radius="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Image
                  src={screenshot.previewUrl}
                  alt={intl.formatMessage({ id: 'support.previewAlt' })}
                  mah={140}
                  w="auto"
                  fit="contain"
                  radius="xs"
                  data-testid="support-screenshot-preview"
                />
                <CloseButton
                  aria-label={intl.formatMessage({ id: 'support.remove' })}
                  onClick={() => setScreenshot(null)}
                />
              </Group>
            </Paper>
          ) : (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconCamera size={16} />}
                loading={capturing}
                onClick={() => void capture()}
              >
                <FormattedMessage id="support.capture" />
              </Button>
              <FileButton onChange={choose} accept={SUPPORT_SCREENSHOT_ACCEPT}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} />}>
                    <FormattedMessage id="support.upload" />
                  </Button>
                )}
              </FileButton>
            </Group>
          )}
          <Text
            size="xs"
            c={screenshotError ? 'red.8' : 'dimmed'}
            role={screenshotError ? 'alert' : undefined}
          >
            {screenshotError ?? intl.formatMessage({ id: 'support.screenshotHint' }, { size: maxSize })}
          </Text>
        </Stack>
        <FormError errors={form.formState.errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={form.formState.isSubmitting}>
            <FormattedMessage id="support.send" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
