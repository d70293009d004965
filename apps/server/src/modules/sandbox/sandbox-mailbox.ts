import { SANDBOX_MAIL_PAGE_SIZE, type SandboxMail } from '@accueil/domain';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../app-deps';
import type { SandboxMailStore } from '../../carriers/email-channel/sandbox/sandbox-channel-carrier';
import type { SandboxMailbox } from '../../carriers/email/sandbox/sandbox-email-carrier';
import { sandboxMailAttachments, sandboxMails } from '../../db/schema/sandbox';
import { presentSandboxMail, type SandboxMailAttachmentRow } from './sandbox.presenter';

/**
 * The sandbox e-mail carrier's mailbox over `sandbox_mails`: a kept mail is one row, and one
 * `sandbox_mail_attachments` row per file, written in one transaction (a mail is kept whole or not
 * at all), seen by every server process.
 */
export function createSandboxMailbox(deps: Pick<CoreDeps, 'db'>): SandboxMailbox {
  return {
    keep: (mail) =>
      deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(sandboxMails)
          .values({ from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
          .returning({ id: sandboxMails.id });
        if (!row) throw new Error('sandbox_mails insert returned no row');
        const files = mail.attachments ?? [];
        if (files.length > 0)
          await tx.insert(sandboxMailAttachments).values(
            files.map((file, position) => ({
              mailId: row.id,
              position,
              filename: file.filename,
              contentType: file.contentType,
              contentId: file.contentId ?? null,
              size: file.content.length,
              content: file.content,
            })),
          );
        return { id: row.id };
      }),
  };
}

/**
 * The e-mail channel's sandbox mailboxes over `sandbox_mails`: the whole mails (`raw`) to a
 * team's address, in order of arrival (`seq`), and the teams' replies kept for their recipients.
 */
export function createSandboxMailStore(deps: Pick<CoreDeps, 'db'>): SandboxMailStore {
  return {
    async mailsTo(address, afterSeq, limit) {
      const rows = await deps.db
        .select({ seq: sandboxMails.seq, raw: sandboxMails.raw })
        .from(sandboxMails)
        .where(
          and(
            sql`lower(${sandboxMails.to}) = ${address.toLowerCase()}`,
            isNotNull(sandboxMails.raw),
            gt(sandboxMails.seq, afterSeq),
          ),
        )
        .orderBy(asc(sandboxMails.seq))
        .limit(limit);
      return rows.map((r) => ({ seq: r.seq, raw: r.raw ?? '' }));
    },
    async keepRaw(mail) {
      await deps.db.insert(sandboxMails).values(mail);
    },
  };
}

/**
 * GET /api/sandbox/mail?to=: the newest `SANDBOX_MAIL_PAGE_SIZE` mails kept by the sandbox,
 * newest first; only those to `to` (compared without case) when given.
 */
export async function listSandboxMails(
  deps: Pick<CoreDeps, 'db'>,
  input: { to?: string },
): Promise<SandboxMail[]> {
  const rows = await deps.db
    .select()
    .from(sandboxMails)
    .where(input.to ? sql`lower(${sandboxMails.to}) = ${input.to.toLowerCase()}` : undefined)
    .orderBy(desc(sandboxMails.createdAt), desc(sandboxMails.id))
    .limit(SANDBOX_MAIL_PAGE_SIZE);
  const files: SandboxMailAttachmentRow[] =
    rows.length === 0
      ? []
      : await deps.db
          .select({
            id: sandboxMailAttachments.id,
            mailId: sandboxMailAttachments.mailId,
            position: sandboxMailAttachments.position,
            filename: sandboxMailAttachments.filename,
            contentType: sandboxMailAttachments.contentType,
            contentId: sandboxMailAttachments.contentId,
            size: sandboxMailAttachments.size,
          })
          .from(sandboxMailAttachments)
          .where(
            inArray(
              sandboxMailAttachments.mailId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(sandboxMailAttachments.position));
  return rows.map((row) =>
    presentSandboxMail(
      row,
      files.filter((f) => f.mailId === row.id),
    ),
  );
}

/** One kept file with its bytes (`GET /api/sandbox/mail/attachments/:id`), or null when none has that id. */
export async function readSandboxMailAttachment(
  deps: Pick<CoreDeps, 'db'>,
  id: string,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  const [file] = await deps.db
    .select({
      filename: sandboxMailAttachments.filename,
      contentType: sandboxMailAttachments.contentType,
      content: sandboxMailAttachments.content,
    })
    .from(sandboxMailAttachments)
    .where(eq(sandboxMailAttachments.id, id));
  return file ?? null;
}
