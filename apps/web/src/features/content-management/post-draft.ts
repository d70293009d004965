import type {
  CreatePostRequest,
  PostLocale,
  PostType,
  PostWithSections,
  Section,
  SubSection,
  UpdatePostRequest,
} from '@accueil/domain';

/**
 * What the editor holds of a post while it is written (docs/behaviour/library.md, "Authoring"):
 * the post's own fields, and one locale's title, summary and sections. Pure functions only, so
 * that the rules (the reading order, a slide's step, what a save sends) are tested without a page.
 */

/** A sub-section as the form edits it; `key` is the form's own (see `DraftSection`). */
export type DraftSubSection = Omit<SubSection, 'url'> & { url: string; key: string };

/**
 * A section as the form edits it. `key` is the form's own, stable while the author renames the
 * section's `id` (the drag-and-drop list and React need a name that does not change).
 */
export type DraftSection = {
  key: string;
  id: string;
  title: string;
  label: string;
  parent: string | null;
  checkbox: boolean;
  privateNote: string;
  subSections: DraftSubSection[];
};

/** The post being written: shared fields and the version of `locale`. */
export type PostDraft = {
  locale: PostLocale;
  type: PostType;
  alias: string;
  title: string;
  short: string;
  image: string;
  services: string[];
  automation: boolean;
  sections: DraftSection[];
};

let keyCount = 0;
/** A new key for a section of the form. */
export const newSectionKey = (): string => `section_${Date.now().toString(36)}_${++keyCount}`;

/** An empty sub-section: a text body, left aligned. */
export function emptySubSection(): DraftSubSection {
  return { key: newSectionKey(), title: '', body: '', url: '', align: 'left', format: 'text' };
}

/**
 * A new section with a free identifier (`step1`, `slide2`…, no hyphen); a slide (`parent` given)
 * of a protocol, else a step.
 */
export function newSection(existing: readonly DraftSection[], parent: string | null): DraftSection {
  const prefix = parent ? 'slide' : 'step';
  const taken = new Set(existing.map((s) => s.id));
  let n = existing.filter((s) => (s.parent === null) === (parent === null)).length + 1;
  while (taken.has(`${prefix}${n}`)) n++;
  return {
    key: newSectionKey(),
    id: `${prefix}${n}`,
    title: '',
    label: '',
    parent,
    checkbox: false,
    privateNote: '',
    subSections: [emptySubSection()],
  };
}

/** A new post of `type` in `locale`: one step to start with. */
export function emptyDraft(type: PostType, locale: PostLocale): PostDraft {
  return {
    locale,
    type,
    alias: '',
    title: '',
    short: '',
    image: '',
    services: [],
    automation: false,
    sections: [newSection([], null)],
  };
}

/** The form of a post as the server answered it (one locale). */
export function draftOf(post: PostWithSections): PostDraft {
  return {
    locale: post.locale,
    type: post.type,
    alias: post.alias,
    title: post.title,
    short: post.short,
    image: post.image ?? '',
    services: post.services,
    automation: post.automation,
    sections: post.sections.map((s) => ({
      key: newSectionKey(),
      id: s.id,
      title: s.title,
      label: s.label,
      parent: s.parent,
      checkbox: s.checkbox,
      privateNote: s.privateNote,
      subSections: s.subSections.map((sub) => ({ ...sub, url: sub.url ?? '', key: newSectionKey() })),
    })),
  };
}

/** The form's sections as the API takes them, in the reading order of the list. */
function sectionsOf(draft: PostDraft) {
  return draft.sections.map(({ key: _key, ...s }) => ({
    ...s,
    // Only a protocol has slides: another type's sections are all top-level.
    parent: draft.type === 'protocol' ? s.parent : null,
    subSections: s.subSections.map(({ key: _k, ...sub }) => ({ ...sub, url: sub.url.trim() || null })),
  }));
}

/** POST /api/posts of a new post (a draft unless `draft` says otherwise). */
export function createRequestOf(draft: PostDraft, isDraft = true): CreatePostRequest {
  return {
    locale: draft.locale,
    type: draft.type,
    alias: draft.alias.trim(),
    title: draft.title.trim(),
    short: draft.short,
    image: draft.image.trim() || null,
    services: draft.services,
    automation: draft.automation,
    draft: isDraft,
    sections: sectionsOf(draft),
  };
}

/** PUT /api/posts/:id of the whole form over `version`; `draft` publishes or unpublishes when given. */
export function updateRequestOf(draft: PostDraft, version: number, isDraft?: boolean): UpdatePostRequest {
  const { draft: flag, ...fields } = createRequestOf(draft, isDraft);
  return { version, ...fields, ...(isDraft === undefined ? {} : { draft: flag }) };
}

/**
 * The list with the section at `from` moved to `to` (indexes of the list; out of range: the
 * list unchanged). The reading order is the list's.
 */
export function moveSection<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * The sections as the reader (the public page's rendering) shows them, from the form: `order`
 * is the list's, `index` the place among the sections of the same parent.
 */
export function previewSections(draft: PostDraft): Omit<Section, 'privateNote'>[] {
  const seen = new Map<string | null, number>();
  return sectionsOf(draft).map((s, order) => {
    const index = seen.get(s.parent) ?? 0;
    seen.set(s.parent, index + 1);
    return { ...s, locale: draft.locale, order, index };
  });
}
