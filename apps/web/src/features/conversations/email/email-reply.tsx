import {
  EMAIL_BODY_MAX_CHARS,
  EMAIL_SUBJECT_MAX_CHARS,
  type EmailProvider,
  type RepliedMeanwhileDetails,
} from '@accueil/domain';
import { Button, FileInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { isRepliedMeanwhile, useSendEmailReply } from './use-email';

const RepliedMeanwhileDialog = lazy(() => import('../collision/replied-meanwhile-dialog'));

/** What the reply form holds: the files are the browser's, sent as the multipart form's `attachments`. */
const replySchema = z.object({
  subject: z.string().max(EMAIL_SUBJECT_MAX_CHARS, 'maxLength'),
  body: z.string().trim().min(1, 'required').max(EMAIL_BODY_MAX_CHARS, 'maxLength'),
  attachments: z.array(z.instanceof(File)),
});
type ReplyForm = z.infer<typeof replySchema>;

/** Props of {@link EmailReply}. */
export interface EmailReplyProps {
  conversationId: string;
  mailbox: { provider: EmailProvider; address: string };
  threadSubject: string;
  signature: string;
  /** Called on every keystroke (collision warnings: typing, the draft's start). */
  onTyping?: (() => void) | undefined;
  /** The seq the draft's writer had seen when they began it (`useSeenSeq().take`), read at the send. */
  takeSeenSeq?: (() => number | undefined) | undefined;
  /** Shown under the composer: who else is typing (`collision/typing-status.tsx`). */
  activity?: ReactNode;
}

/**
 * The e-mail composer (docs/behaviour/email.md, "Replying"): subject (empty: `Re:` the thread's),
 * body and files; the server adds the user's signature and threads the reply. `signature` is
 * that signature as the server will append it (after `-- `), shown under the body; empty when
 * the user's mode is no-signature. A reply refused because someone else replied since the draft
 * began (409 `replied-meanwhile`, docs/behaviour/notes-and-presence.md) opens the same warning
 * as a text's: Send anyway sends it without the check, Cancel keeps the draft. Once sent, the
 * composer empties, unless the user has written something else since they pressed Send.
 */
export function EmailReply({
  conversationId,
  mailbox,
  threadSubject,
  signature,
  onTyping,
  takeSeenSeq,
  activity,
}: EmailReplyProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const send = useSendEmailReply(conversationId);
  const form = useZodForm(replySchema, { defaultValues: { subject: '', body: '', attachments: [] } });
  const [refused, setRefused] = useState<{
    values: ReplyForm;
    details: RepliedMeanwhileDetails;
    at: number;
  } | null>(null);
  const deliver = (values: ReplyForm, check: { seenSeq?: number | undefined; sendAnyway?: boolean }) =>
    send.mutate(
      { provider: mailbox.provider, inboxEmail: mailbox.address, ...values, ...check },
      {
        // Only the draft that left is cleared: what the user typed while it was on its way
        // (the sent reply shows in the thread before the answer comes back) stays.
        onSuccess: () => {
          const now = form.getValues();
          const unchanged =
            now.subject === values.subject &&
            now.body === values.body &&
            now.attachments.length === values.attachments.length &&
            now.attachments.every((file, i) => file === values.attachments[i]);
          if (unchanged) form.reset({ subject: '', body: '', attachments: [] });
        },
        onError: (error) => {
          if (isRepliedMeanwhile(error))
            setRefused({ values, details: error.details as RepliedMeanwhileDetails, at: Date.now() });
        },
      },
    );
  const submit = form.handleSubmit((values: ReplyForm) => deliver(values, { seenSeq: takeSeenSeq?.() }));
  const placeholder = /^re\s*:/i.test(threadSubject) ? threadSubject : `Re: ${threadSubject}`;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      onInput={onTyping}
      aria-label={intl.formatMessage({ id: 'email.reply.label' })}
    >
      <Stack gap="xs" p="sm">
        <FormError errors={form.formState.errors} />
        <TextInput
          label={intl.formatMessage({ id: 'email.reply.subject' })}
          placeholder={placeholder}
          {...form.register('subject')}
          error={errorText(form.formState.errors.subject?.message)}
        />
        <Textarea
          label={intl.formatMessage({ id: 'email.reply.body' })}
          autosize
          minRows={3}
          maxRows={10}
          {...form.register('body')}
          error={errorText(form.formState.errors.body?.message)}
        />
        <Text size="xs" c="dimmed" data-testid="email-reply-signature" style={{ whiteSpace: 'pre-wrap' }}>
          {signature ? (
            <>
              <FormattedMessage id="email.reply.signature" />
              {`\n-- \n${signature}`}
            </>
          ) : (
            <FormattedMessage id="email.reply.noSignature" />
          )}
        </Text>
        <Group justify="space-between" align="flex-end">
          <Controller
            control={form.control}
            name="attachments"
            render={({ field }) => (
              <FileInput
                multiple
                clearable
                w={320}
                leftSection={<IconPaperclip size={16} />}
                label={intl.formatMessage({ id: 'email.reply.attachments' })}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} />}>
            <FormattedMessage id="email.reply.send" />
          </Button>
        </Group>
        {activity}
      </Stack>
      {refused && (
        <Suspense fallback={null}>
          <RepliedMeanwhileDialog
            details={refused.details}
            now={refused.at}
            onSendAnyway={() => {
              setRefused(null);
              deliver(refused.values, { sendAnyway: true });
            }}
            onCancel={() => setRefused(null)}
          />
        </Suspense>
      )}
    </form>
  );
}
