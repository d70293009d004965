import type { PostLocale, PostType, PostWithSections } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { createPost, getPost, updatePost } from '../library/api';
import { postKeys } from '../library/use-library';
import { createRequestOf, draftOf, emptyDraft, updateRequestOf, type PostDraft } from './post-draft';
import { useAutosave } from './use-autosave';

/** What a save does: the autosave and "save" keep the draft flag, publish and unpublish change it. */
export type SaveKind = 'auto' | 'save' | 'publish' | 'unpublish';

/** Where the last save stands, for the status line. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The server's refusal of a save, by field: `post` (alias, title…) and `sections[i]` (id, label…). */
export type FieldErrors = { post: Record<string, string>; sections: Record<number, Record<string, string>> };

const NO_ERRORS: FieldErrors = { post: {}, sections: {} };

/** A refusal's issues (`details`: `{ path, message }[]`) by field; the message is an issue code. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return NO_ERRORS;
  const out: FieldErrors = { post: {}, sections: {} };
  for (const issue of error.details as { path?: string; message?: string }[]) {
    const path = (issue.path ?? '').split('.');
    const message = issue.message ?? 'invalid';
    if (path[0] === 'sections' && path.length >= 3) {
      const i = Number(path[1]);
      out.sections[i] = { ...out.sections[i], [path[2]!]: message };
    } else if (path[0]) out.post[path[0]] = message;
  }
  return out;
}

/**
 * The state of the authoring screen (docs/behaviour/library.md, "Authoring"): the form, the
 * post's id, version and draft flag once it exists, saves (explicit, publish, unpublish and the
 * debounced autosave of an existing post) and the conflict when someone else saved in between.
 */
export function usePostEditor(options: {
  type: PostType;
  locale: PostLocale;
  onCreated: (id: string) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PostDraft>(() => emptyDraft(options.type, options.locale));
  const [post, setPost] = useState<PostWithSections | null>(null);
  const [changes, setChanges] = useState(0);
  const [savedChanges, setSavedChanges] = useState(0);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FieldErrors>(NO_ERRORS);
  const [conflict, setConflict] = useState(false);
  const saving = useRef(false);

  /** The form follows the server's answer (a load, a reload, another locale). */
  const load = useCallback((loaded: PostWithSections) => {
    setPost(loaded);
    setDraft(draftOf(loaded));
    setChanges(0);
    setSavedChanges(0);
    setErrors(NO_ERRORS);
  }, []);

  const edit = useCallback((change: Partial<PostDraft>) => {
    setDraft((d) => ({ ...d, ...change }));
    setChanges((n) => n + 1);
  }, []);

  const save = async (kind: SaveKind, over?: number): Promise<boolean> => {
    if (saving.current) return false;
    saving.current = true;
    setState('saving');
    const at = changes;
    const flag = kind === 'publish' ? false : kind === 'unpublish' ? true : undefined;
    try {
      const answer = post
        ? await updatePost(post.id, updateRequestOf(draft, over ?? post.version, flag))
        : await createPost(createRequestOf(draft, flag ?? true));
      setPost(answer);
      setSavedChanges(at);
      setErrors(NO_ERRORS);
      setError(null);
      setState('saved');
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      if (!post) options.onCreated(answer.id);
      return true;
    } catch (e) {
      setState('failed');
      if (e instanceof ApiError && e.code === 'post-version-conflict') setConflict(true);
      setError(e instanceof ApiError ? e : new ApiError(0, 'network'));
      setErrors(fieldErrorsOf(e));
      // A refused autosave waits for the next change, not for the same refusal again.
      setSavedChanges(at);
      return false;
    } finally {
      saving.current = false;
    }
  };

  useAutosave({
    changes,
    saved: savedChanges,
    enabled: post !== null && !conflict && state !== 'saving',
    save: () => void save('auto'),
  });

  /** The conflict, resolved: their version replaces the form, or the form is saved over theirs. */
  const resolveConflict = async (choice: 'reload' | 'keep') => {
    if (!post) return;
    const theirs = await getPost(post.id, draft.locale);
    setConflict(false);
    if (choice === 'reload') {
      load(theirs);
      setState('idle');
    } else await save('save', theirs.version);
  };

  return {
    draft,
    post,
    edit,
    load,
    save,
    state,
    error,
    errors,
    conflict,
    resolveConflict,
    dirty: changes !== savedChanges,
  };
}
