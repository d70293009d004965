import type { SandboxMail } from '@accueil/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NavLink,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconMail, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormattedMessage, FormattedDate, RawIntlProvider, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { intlFor, normalizeLocale } from '../../lib/i18n';
import { MailAttachments, withInlineParts } from './mail-attachments';
import { linksIn } from './mail-links';
import { SandboxMailCompose, type SandboxDraft } from './sandbox-mail-compose';
import classes from './sandbox-mail.module.css';
import { useSandboxMails } from './use-sandbox-mail';

export { SANDBOX_MAIL_POLL_MS } from './use-sandbox-mail';

/** Recipients of `mails` with how many each received, the most recent first. */
function recipientsOf(mails: SandboxMail[]): { to: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of mails) counts.set(m.to.toLowerCase(), (counts.get(m.to.toLowerCase()) ?? 0) + 1);
  return [...counts].map(([to, count]) => ({ to, count }));
}

/**
 * One mail: its subject, sender, recipient and date; the HTML part in a sandboxed frame (no
 * script, no form, no navigation of this page; the page's policy blocks outside images) or the
 * text part; and its links, to follow them from here.
 */
/** The address of a `Name <address>` sender, or the sender as it is. */
function addressOf(sender: string): string {
  return /<([^>]+)>/.exec(sender)?.[1] ?? sender;
}

function MailView({ mail, onReply }: { mail: SandboxMail; onReply: (draft: SandboxDraft) => void }) {
  const intl = useIntl();
  const [part, setPart] = useState<'html' | 'text'>('html');
  const links = linksIn(mail.text);
  return (
    <Card withBorder padding="lg" h="100%" className={classes.view} data-testid="sandbox-mail-view">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg">
          {mail.subject}
        </Title>
        {mail.messageId && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() =>
              onReply({
                from: mail.to,
                to: addressOf(mail.from),
                subject: /^re\s*:/i.test(mail.subject) ? mail.subject : `Re: ${mail.subject}`,
                inReplyTo: mail.messageId ?? undefined,
              })
            }
          >
            <FormattedMessage id="sandboxMail.reply" />
          </Button>
        )}
      </Group>
      <Text size="sm">
        <FormattedMessage id="sandboxMail.from" values={{ address: mail.from }} />
        <br />
        <FormattedMessage id="sandboxMail.to" values={{ address: mail.to }} /> ·{' '}
        <FormattedDate value={mail.createdAt} dateStyle="medium" timeStyle="short" />
      </Text>
      {links.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            <FormattedMessage id="sandboxMail.links" />
          </Text>
          {links.map((href) => (
            <Anchor
              key={href}
              href={href}
              size="sm"
              style={{ wordBreak: 'break-all' }}
              data-testid="sandbox-mail-link"
            >
              {href}
            </Anchor>
          ))}
        </Stack>
      )}
      <MailAttachments mail={mail} />
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'sandboxMail.part' })}
        value={part}
        onChange={(v) => setPart(v === 'text' ? 'text' : 'html')}
        data={[
          { value: 'html', label: intl.formatMessage({ id: 'sandboxMail.html' }) },
          { value: 'text', label: intl.formatMessage({ id: 'sandboxMail.text' }) },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {part === 'html' ? (
        <iframe
          className={classes.frame}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={withInlineParts(mail)}
          title={intl.formatMessage({ id: 'sandboxMail.frame' })}
        />
      ) : (
        <pre className={classes.text}>{mail.text}</pre>
      )}
    </Card>
  );
}

function Mailbox() {
  const [params, setParams] = useSearchParams();
  const mails = useSandboxMails();
  const to = params.get('to')?.toLowerCase() ?? null;
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState<SandboxDraft | null>(null);
  const all = useMemo(() => mails.data ?? [], [mails.data]);
  const shown = to ? all.filter((m) => m.to.toLowerCase() === to) : all;
  const open = shown.find((m) => m.id === openId) ?? shown[0] ?? null;
  const choose = (next: string | null) =>
    setParams((p) => {
      if (next) p.set('to', next);
      else p.delete('to');
      return p;
    });

  return (
    <main className={classes.page}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} fz={26}>
            <FormattedMessage id="sandboxMail.title" />
          </Title>
          <Text c="dimmed" maw={640}>
            <FormattedMessage id="sandboxMail.subtitle" />
          </Text>
        </div>
        <Button
          leftSection={<IconPencil size={16} />}
          onClick={() => setDraft({})}
          data-testid="sandbox-mail-write"
        >
          <FormattedMessage id="sandboxMail.write" />
        </Button>
      </Group>
      {draft && <SandboxMailCompose draft={draft} onClose={() => setDraft(null)} />}
      {mails.isPending ? (
        <Center h={300}>
          <Loader />
        </Center>
      ) : mails.isError ? (
        <Center h={300}>
          <Text c="dimmed" data-testid="sandbox-mail-unavailable">
            <FormattedMessage id="sandboxMail.unavailable" />
          </Text>
        </Center>
      ) : all.length === 0 ? (
        <Center h={300}>
          <Stack align="center" gap="xs">
            <IconMail size={40} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="dimmed">
              <FormattedMessage id="sandboxMail.empty" />
            </Text>
          </Stack>
        </Center>
      ) : (
        <div className={classes.layout}>
          <nav className={classes.column} aria-labelledby="sandbox-mail-recipients">
            <Text id="sandbox-mail-recipients" size="xs" fw={700} tt="uppercase" c="gray.7" mb={6}>
              <FormattedMessage id="sandboxMail.recipients" />
            </Text>
            <NavLink
              component="button"
              label={<FormattedMessage id="sandboxMail.all" />}
              active={to === null}
              onClick={() => choose(null)}
              rightSection={
                <Badge variant="light" color="gray">
                  {all.length}
                </Badge>
              }
            />
            {recipientsOf(all).map((r) => (
              <NavLink
                key={r.to}
                component="button"
                label={r.to}
                active={to === r.to}
                onClick={() => choose(r.to)}
                rightSection={
                  <Badge variant="light" color="gray">
                    {r.count}
                  </Badge>
                }
                styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
              />
            ))}
          </nav>
          <Card withBorder padding={4} className={classes.column} data-testid="sandbox-mail-list">
            {shown.map((m) => (
              <NavLink
                key={m.id}
                component="button"
                active={open?.id === m.id}
                onClick={() => setOpenId(m.id)}
                label={m.subject}
                description={
                  <>
                    {m.to} · <FormattedDate value={m.createdAt} timeStyle="short" />
                  </>
                }
              />
            ))}
          </Card>
          {open ? (
            <MailView key={open.id} mail={open} onReply={setDraft} />
          ) : (
            <Center>
              <Text c="dimmed">
                <FormattedMessage id="sandboxMail.pick" />
              </Text>
            </Center>
          )}
        </div>
      )}
    </main>
  );
}

/**
 * The sandbox mailbox (`/sandbox/mail`, no sign-in; only while the e-mail carrier is the
 * sandbox): every mail the app sent, by recipient (`?to=`), newest first, refreshed every few
 * seconds. `?lang=en|fr` chooses the language.
 */
export function SandboxMailScreen() {
  const [params] = useSearchParams();
  const locale = normalizeLocale(params.get('lang'));
  return locale ? (
    <RawIntlProvider value={intlFor(locale)}>
      <Mailbox />
    </RawIntlProvider>
  ) : (
    <Mailbox />
  );
}
