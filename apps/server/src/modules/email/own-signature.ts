import { AppError, emailSignature, type OwnSignature, type UserSignature } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { getUserSignatureSource, setUserSignature } from '../users/index';

type Ctx = Pick<RequestContext, 'organizationId' | 'userId'>;

/**
 * GET /api/users/me/signature (docs/behaviour/email.md, "Your own signature"): the signed-in
 * user's signature mode and personalised text, with the text the `clinic` and `user` modes give
 * today (`emailSignature`, the rule replies follow), so the page previews any mode exactly.
 * @throws AppError 'not-found' when the user is no longer in the organisation.
 */
export async function getOwnSignature(deps: Pick<AppDeps, 'db'>, ctx: Ctx): Promise<OwnSignature> {
  const user = await getUserSignatureSource(deps.db, ctx.organizationId, ctx.userId);
  if (!user) throw new AppError('not-found', 'User not found');
  const settings = await getOrganizationSettings(deps, ctx.organizationId);
  const organization = {
    name: settings?.name ?? '',
    phone: settings?.phone ?? null,
    email: settings?.email ?? null,
    address: settings?.address ?? null,
  };
  const textOf = (mode: 'clinic' | 'user') => emailSignature({ mode, user, organization });
  return {
    mode: user.mode,
    content: user.content,
    texts: { clinic: textOf('clinic'), user: textOf('user') },
  };
}

/**
 * PUT /api/users/me/signature `{ mode, content }`: any signed-in user sets their own signature
 * (each person signs their own replies; administrators set anyone's in the user form). The
 * personalised text is kept whatever the mode, as the user form keeps it. Answers as the GET.
 * @throws AppError 'not-found' when the user is no longer in the organisation.
 */
export async function setOwnSignature(
  deps: Pick<AppDeps, 'db'>,
  ctx: Ctx,
  input: UserSignature,
): Promise<OwnSignature> {
  if (!(await setUserSignature(deps.db, ctx.organizationId, ctx.userId, input)))
    throw new AppError('not-found', 'User not found');
  return getOwnSignature(deps, ctx);
}
