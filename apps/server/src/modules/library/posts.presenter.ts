import type { Post, PostLocale, PostType, Section, SubSection } from '@accueil/domain';
import type { postSections, posts, postVersions } from '../../db/schema/posts';

/** A stored post, a version of it, a section. */
export type PostRow = typeof posts.$inferSelect;
export type PostVersionRow = typeof postVersions.$inferSelect;
export type PostSectionRow = typeof postSections.$inferSelect;

/** Row → API shape (spec §3): the post in `version`'s locale, with the locales it has. */
export function presentPost(
  row: PostRow,
  version: Pick<PostVersionRow, 'locale' | 'title' | 'short'>,
  locales: readonly string[],
): Post {
  return {
    id: row.id,
    locale: version.locale as PostLocale,
    locales: [...locales].sort() as PostLocale[],
    type: row.type as PostType,
    alias: row.alias,
    title: version.title,
    image: row.image,
    short: version.short,
    clinic: row.organizationId,
    author: row.authorUserId,
    draft: row.draft,
    services: row.services,
    updatedBy: row.updatedByUserId,
    automation: row.automation,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Row → API shape of a section. */
export function presentSection(row: PostSectionRow): Section {
  return {
    id: row.sectionId,
    locale: row.locale as PostLocale,
    title: row.title,
    label: row.label,
    parent: row.parent,
    index: row.siblingIndex,
    order: row.position,
    checkbox: row.checkbox,
    privateNote: row.privateNote,
    subSections: row.subSections as SubSection[],
  };
}
