import { AppError, foldForSearch, sectionInputSchema, type PostType } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { postSections, postVersions } from '../../db/schema/posts';
import { postHtmlSanitizer } from './sanitize-post-html';

/** A section as the request's schema gave it (defaults filled). */
export type WrittenSection = z.output<typeof sectionInputSchema>;

type Issue = { location: 'body'; path: string; message: string };

/**
 * The section rules (docs/behaviour/library.md, "Sections and slides"): identifiers unique in
 * the version; a `parent` names a step (a section without parent) of the same version; in a
 * protocol, a section with a parent is a slide and needs its label.
 * @throws AppError `identifier-taken` (409) for an identifier used twice; `validation-failed`
 *   (400) for an unknown parent or a slide without label, each issue under its section's path.
 */
export function checkSections(type: PostType, sections: readonly WrittenSection[]): void {
  const seen = new Set<string>();
  for (const [i, section] of sections.entries()) {
    if (seen.has(section.id)) {
      throw new AppError('identifier-taken', 'This unique identifier (ID) already exists.', [
        { location: 'body', path: `sections.${i}.id`, message: 'identifier-taken' },
      ]);
    }
    seen.add(section.id);
  }
  const steps = new Set(sections.filter((s) => s.parent === null).map((s) => s.id));
  const issues: Issue[] = [];
  for (const [i, section] of sections.entries()) {
    if (section.parent === null) continue;
    if (!steps.has(section.parent)) {
      issues.push({ location: 'body', path: `sections.${i}.parent`, message: 'parent-unknown' });
    }
    if (type === 'protocol' && section.label.trim() === '') {
      issues.push({ location: 'body', path: `sections.${i}.label`, message: 'required' });
    }
  }
  if (issues.length > 0) {
    throw new AppError('validation-failed', 'A slide needs its label and a parent step of the post', issues);
  }
}

/**
 * Replaces a version's sections with `sections` (their HTML sanitised), numbering the reading
 * order (`position`) and each one's place among its parent's (`sibling_index`).
 */
export async function replaceSections(
  tx: DbOrTx,
  post: { id: string; organizationId: string | null },
  locale: string,
  sections: readonly WrittenSection[],
): Promise<void> {
  await tx.delete(postSections).where(and(eq(postSections.postId, post.id), eq(postSections.locale, locale)));
  if (sections.length === 0) return;
  const { sanitizePostHtml } = await postHtmlSanitizer();
  const siblings = new Map<string | null, number>();
  await tx.insert(postSections).values(
    sections.map((s, position) => {
      const siblingIndex = siblings.get(s.parent) ?? 0;
      siblings.set(s.parent, siblingIndex + 1);
      return {
        postId: post.id,
        organizationId: post.organizationId,
        locale,
        sectionId: s.id,
        title: s.title,
        label: s.label,
        parent: s.parent,
        position,
        siblingIndex,
        checkbox: s.checkbox,
        privateNote: s.privateNote,
        subSections: s.subSections.map((sub) => ({ ...sub, body: sanitizePostHtml(sub.body) })),
      };
    }),
  );
}

/**
 * Writes a version's search document from its title, summary and sections (titles, labels,
 * bodies without tags), accents folded, stemmed in French and in English.
 */
export async function indexVersion(tx: DbOrTx, postId: string, locale: string): Promise<void> {
  const [version] = await tx
    .select({ title: postVersions.title, short: postVersions.short })
    .from(postVersions)
    .where(and(eq(postVersions.postId, postId), eq(postVersions.locale, locale)));
  if (!version) return;
  const sections = await tx
    .select({ title: postSections.title, label: postSections.label, subSections: postSections.subSections })
    .from(postSections)
    .where(and(eq(postSections.postId, postId), eq(postSections.locale, locale)));
  const { textOfPostHtml } = await postHtmlSanitizer();
  const heading = foldForSearch(`${version.title} ${version.short}`);
  const body = foldForSearch(
    sections
      .flatMap((s) => [
        s.title,
        s.label,
        ...s.subSections.flatMap((sub) => [sub.title, textOfPostHtml(sub.body)]),
      ])
      .join(' '),
  );
  await tx
    .update(postVersions)
    .set({
      searchVector: sql`setweight(to_tsvector('french', ${heading}), 'A') || setweight(to_tsvector('english', ${heading}), 'A') || to_tsvector('french', ${body}) || to_tsvector('english', ${body})`,
    })
    .where(and(eq(postVersions.postId, postId), eq(postVersions.locale, locale)));
}
