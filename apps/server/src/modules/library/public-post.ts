import { postLocaleOf, type PostLocaleInput, type PublicPost } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { getOrganizationSettings } from '../organizations/index';
import { postNotFound } from './library.policy';
import { libraryAccess, findPostRow } from './post-rows';
import { postWithSections } from './write-post';

/**
 * GET /api/public/posts/:clinicId/:postId[?locale=]: a post's public page, for anyone with the
 * link (docs/behaviour/library.md, "The public page"): a published post of that clinic or of the
 * catalogue, its sections without their private notes, and of the clinic only its name (in the
 * post's locale) and logo. A draft, another clinic's post or an unknown clinic answers 404.
 */
export function getPublicPost(
  deps: Pick<AppDeps, 'db'>,
  input: { clinicId: string; postId: string; locale?: PostLocaleInput },
): Promise<PublicPost> {
  return libraryAccess(async () => {
    const row = await findPostRow(deps.db, input.postId);
    if (!row || row.draft || (row.organizationId !== null && row.organizationId !== input.clinicId)) {
      throw postNotFound();
    }
    const clinic = await getOrganizationSettings(deps, input.clinicId);
    if (!clinic) throw postNotFound();
    const post = await postWithSections(deps.db, row, input.locale ? postLocaleOf(input.locale) : undefined);
    if (!post) throw postNotFound();
    const { sections, author: _a, updatedBy: _u, version: _v, automation: _m, ...shown } = post;
    return {
      post: shown,
      sections: sections.map(({ privateNote: _p, ...section }) => section),
      clinic: { name: clinic.names[post.locale] || clinic.names['fr-CA'], logoUrl: clinic.logoUrl },
    };
  });
}
