import type { PostWithSections } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import {
  createRequestOf,
  draftOf,
  emptyDraft,
  moveSection,
  newSection,
  previewSections,
  updateRequestOf,
} from './post-draft';
import { fieldErrorsOf } from './use-post-editor';
import { ApiError } from '../../lib/api';

function protocolDraft() {
  const draft = emptyDraft('protocol', 'fr-CA');
  const step = draft.sections[0]!;
  const slides = [1, 2, 3].map((n) => ({
    ...newSection(draft.sections, step.id),
    id: `slide${n}`,
    label: `D${n}`,
  }));
  return { ...draft, alias: ' soins_1 ', title: ' Soins ', sections: [step, ...slides] };
}

describe('the editor’s post', () => {
  it('starts a new post with one step, and names new sections without hyphen or clash', () => {
    const draft = emptyDraft('protocol', 'en-CA');
    expect(draft.sections.map((s) => [s.id, s.parent])).toEqual([['step1', null]]);
    const slide = newSection(draft.sections, 'step1');
    expect(slide).toMatchObject({ id: 'slide1', parent: 'step1' });
    expect(newSection([...draft.sections, { ...slide, id: 'step2', parent: null }], null).id).toBe('step3');
  });

  it('sends the form as the API takes it: trimmed, without its own keys, a draft unless published', () => {
    const body = createRequestOf(protocolDraft());
    expect(body).toMatchObject({ alias: 'soins_1', title: 'Soins', draft: true, image: null });
    expect(body.sections![1]).toEqual({
      id: 'slide1',
      title: '',
      label: 'D1',
      parent: 'step1',
      checkbox: false,
      privateNote: '',
      subSections: [{ title: '', body: '', url: null, align: 'left', format: 'text' }],
    });
    expect(updateRequestOf(protocolDraft(), 7)).not.toHaveProperty('draft');
    expect(updateRequestOf(protocolDraft(), 7, false)).toMatchObject({ version: 7, draft: false });
  });

  it('drops the steps of a type that has none', () => {
    const draft = { ...protocolDraft(), type: 'document' as const };
    expect(createRequestOf(draft).sections!.every((s) => s.parent === null)).toBe(true);
  });

  it('moves a section in the reading order, and previews order and index as the server numbers them', () => {
    const draft = protocolDraft();
    const moved = { ...draft, sections: moveSection(draft.sections, 3, 1) };
    expect(moved.sections.map((s) => s.id)).toEqual(['step1', 'slide3', 'slide1', 'slide2']);
    expect(previewSections(moved).map((s) => [s.id, s.order, s.index])).toEqual([
      ['step1', 0, 0],
      ['slide3', 1, 0],
      ['slide1', 2, 1],
      ['slide2', 3, 2],
    ]);
    expect(moveSection(draft.sections, 0, 9)).toEqual(draft.sections);
  });

  it('reads a post from the server into the form and back unchanged', () => {
    const post = {
      locale: 'fr-CA',
      type: 'protocol',
      alias: 'a',
      title: 'T',
      short: 'S',
      image: null,
      services: ['x'],
      automation: true,
      sections: [
        {
          id: 'step1',
          locale: 'fr-CA',
          title: 'É',
          label: '',
          parent: null,
          index: 0,
          order: 0,
          checkbox: true,
          privateNote: 'n',
          subSections: [{ title: '', body: '<p>b</p>', url: null, align: 'center', format: 'text' }],
        },
      ],
    } as unknown as PostWithSections;
    const body = createRequestOf(draftOf(post), false);
    expect(body).toMatchObject({ alias: 'a', services: ['x'], automation: true, draft: false });
    expect(body.sections).toEqual([
      {
        id: 'step1',
        title: 'É',
        label: '',
        parent: null,
        checkbox: true,
        privateNote: 'n',
        subSections: [{ title: '', body: '<p>b</p>', url: null, align: 'center', format: 'text' }],
      },
    ]);
  });

  it('puts the server’s refusals under their fields', () => {
    const error = new ApiError(400, 'validation-failed', 'x', [
      { location: 'body', path: 'alias', message: 'identifier-taken' },
      { location: 'body', path: 'sections.2.label', message: 'required' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      post: { alias: 'identifier-taken' },
      sections: { 2: { label: 'required' } },
    });
    expect(fieldErrorsOf(new Error('x'))).toEqual({ post: {}, sections: {} });
  });
});
