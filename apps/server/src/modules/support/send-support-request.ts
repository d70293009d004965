import { DEFAULT_LOCALE, type SupportRequestFields } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { MailAttachment } from '../../carriers/email/email-carrier';
import type { RequestContext } from '../../http/request-context';
import { sendMail } from '../mail';
import { getUserContext } from '../users';

/**
 * Mails a support request to `SUPPORT_EMAIL` (docs/behaviour/support.md): the description and
 * page from the form, the person's name, e-mail, username, user and organisation from the
 * session (a form cannot speak for someone else), the screenshot attached when there is one.
 * Written in the product's default language (the support team's); answers go to the person
 * (Reply-To). Nothing is stored.
 * @throws AppError 'mail-unavailable' (502) when the e-mail carrier refuses or cannot be reached.
 */
export async function sendSupportRequest(
  deps: Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>,
  ctx: RequestContext,
  input: { fields: SupportRequestFields; screenshot: MailAttachment | null },
): Promise<void> {
  const { user, organization } = await getUserContext(deps, ctx.userId);
  const name = `${user.name.first} ${user.name.last}`.trim() || user.username;
  await sendMail(deps, {
    to: deps.config.SUPPORT_EMAIL,
    locale: DEFAULT_LOCALE,
    replyTo: user.email || undefined,
    attachments: input.screenshot ? [input.screenshot] : [],
    content: {
      kind: 'support-request',
      name,
      email: user.email,
      username: user.username,
      userId: user.id,
      organization: organization.name,
      organizationId: organization.id,
      url: input.fields.url ?? null,
      userLocale: user.locale,
      description: input.fields.description,
      screenshotAttached: input.screenshot !== null,
    },
  });
}
