import {
  sandboxMailEndpoints,
  sandboxMailSendRequestSchema,
  type SandboxMailSendRequest,
} from '@accueil/domain';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../../lib/endpoint-client';
import { FormError, applyServerError, useErrorText, useZodForm } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { sandboxMailKeys } from './use-sandbox-mail';

/** What the composer starts with: empty, or a reply to a team's mail (its sender, subject and Message-ID). */
export type SandboxDraft = Partial<SandboxMailSendRequest>;

/**
 * The sandbox mailbox's composer: a contact's mail program writing to a team's mailbox
 * (`POST /api/sandbox/mail`, the e-mail channel's sandbox vendor), or replying in a thread.
 */
export function SandboxMailCompose({ draft, onClose }: { draft: SandboxDraft; onClose: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const client = useQueryClient();
  const form = useZodForm(sandboxMailSendRequestSchema, {
    defaultValues: { from: '', to: '', subject: '', text: '', ...draft },
  });
  const send = useMutation({
    mutationFn: (body: SandboxMailSendRequest) => api.call(sandboxMailEndpoints.send, { body }),
    onSuccess: async () => {
      notifySuccess(intl.formatMessage({ id: 'sandboxMail.compose.sent' }));
      await client.invalidateQueries({ queryKey: sandboxMailKeys.all });
      onClose();
    },
    onError: (error) => applyServerError(form.setError, error),
  });
  const submit = form.handleSubmit((values) => send.mutate(values));
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'sandboxMail.compose.title' })} size="lg">
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <FormError errors={form.formState.errors} />
          <TextInput
            label={intl.formatMessage({ id: 'sandboxMail.compose.from' })}
            {...form.register('from')}
            error={errorText(form.formState.errors.from?.message)}
            data-testid="sandbox-compose-from"
          />
          <TextInput
            label={intl.formatMessage({ id: 'sandboxMail.compose.to' })}
            {...form.register('to')}
            error={errorText(form.formState.errors.to?.message)}
            data-testid="sandbox-compose-to"
          />
          <TextInput
            label={intl.formatMessage({ id: 'sandboxMail.compose.subject' })}
            {...form.register('subject')}
            error={errorText(form.formState.errors.subject?.message)}
          />
          <Textarea
            label={intl.formatMessage({ id: 'sandboxMail.compose.text' })}
            autosize
            minRows={4}
            {...form.register('text')}
            error={errorText(form.formState.errors.text?.message)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <FormattedMessage id="sandboxMail.compose.cancel" />
            </Button>
            <Button type="submit" loading={send.isPending}>
              <FormattedMessage id="sandboxMail.compose.send" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
