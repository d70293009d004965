import { describe, expect, it } from 'vitest';
import { MESSAGE_BODY_MAX_CHARS } from '../constants';
import {
  TEXT_BLOCKS_MAX_PER_LOCALE,
  TEXT_BLOCK_TITLE_MAX_CHARS,
  createTextBlockRequestSchema,
  hasOwnTextBlocksSchema,
  organizationTextBlocksParamsSchema,
  textBlockParamsSchema,
  textBlockSchema,
  textBlocksQuerySchema,
  updateTextBlockRequestSchema,
} from './text-blocks';

const ORG = '11111111-1111-4111-8111-111111111111';
const BLOCK = '22222222-2222-4222-8222-222222222222';
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('quick message limits', () => {
  it('keeps titles to 120 characters and 500 quick messages per locale', () => {
    expect(TEXT_BLOCK_TITLE_MAX_CHARS).toBe(120);
    expect(TEXT_BLOCKS_MAX_PER_LOCALE).toBe(500);
  });
});

describe('createTextBlockRequestSchema', () => {
  it('trims the title and body and defaults pinned and template to false', () => {
    expect(
      createTextBlockRequestSchema.parse({ title: ' Retard ', body: ' Nous avons du retard. ' }),
    ).toEqual({
      title: 'Retard',
      body: 'Nous avons du retard.',
      pinned: false,
      template: false,
    });
    expect(
      createTextBlockRequestSchema.parse({
        locale: 'en-CA',
        title: 'Late',
        body: 'Running late.',
        pinned: true,
        template: true,
      }),
    ).toEqual({
      locale: 'en-CA',
      title: 'Late',
      body: 'Running late.',
      pinned: true,
      template: true,
    });
  });

  it('refuses a blank or too long title or body with a clear reason', () => {
    expect(messageOf(createTextBlockRequestSchema.safeParse({ title: '  ', body: 'x' }))).toBe('required');
    expect(messageOf(createTextBlockRequestSchema.safeParse({ title: 'x', body: '  ' }))).toBe('required');
    expect(
      createTextBlockRequestSchema.parse({
        title: 't'.repeat(TEXT_BLOCK_TITLE_MAX_CHARS),
        body: 'b'.repeat(MESSAGE_BODY_MAX_CHARS),
      }).title,
    ).toHaveLength(120);
    expect(messageOf(createTextBlockRequestSchema.safeParse({ title: 't'.repeat(121), body: 'x' }))).toBe(
      'max-length',
    );
    expect(
      messageOf(
        createTextBlockRequestSchema.safeParse({ title: 'x', body: 'b'.repeat(MESSAGE_BODY_MAX_CHARS + 1) }),
      ),
    ).toBe('max-length');
    expect(createTextBlockRequestSchema.safeParse({ title: 'x', body: 'y', locale: 'de-DE' }).success).toBe(
      false,
    );
    expect(createTextBlockRequestSchema.safeParse({ title: 'x', body: 'y', extra: true }).success).toBe(
      false,
    );
  });
});

describe('updateTextBlockRequestSchema', () => {
  it('changes only the fields given, with the same rules', () => {
    expect(updateTextBlockRequestSchema.parse({})).toEqual({});
    expect(updateTextBlockRequestSchema.parse({ pinned: true, template: false })).toEqual({
      pinned: true,
      template: false,
    });
    expect(updateTextBlockRequestSchema.parse({ title: ' A ', body: ' B ' })).toEqual({
      title: 'A',
      body: 'B',
    });
    expect(messageOf(updateTextBlockRequestSchema.safeParse({ title: ' ' }))).toBe('required');
    expect(
      messageOf(updateTextBlockRequestSchema.safeParse({ body: 'b'.repeat(MESSAGE_BODY_MAX_CHARS + 1) })),
    ).toBe('max-length');
    expect(updateTextBlockRequestSchema.safeParse({ locale: 'fr-CA' }).success).toBe(false);
  });
});

describe('text block entity and routes', () => {
  it('reads a stored quick message', () => {
    const block = {
      id: BLOCK,
      organizationId: ORG,
      locale: 'fr-FR',
      title: 'Retard',
      body: 'Bonjour {{first_name}}',
      pinned: false,
      template: true,
      createdAt: '2026-03-01T12:00:00Z',
      updatedAt: '2026-03-02T12:00:00Z',
    };
    expect(textBlockSchema.parse(block)).toEqual(block);
    expect(textBlockSchema.safeParse({ ...block, createdAt: 'hier' }).success).toBe(false);
  });

  it('takes uuids in the paths and an optional locale in the query', () => {
    expect(organizationTextBlocksParamsSchema.parse({ id: ORG })).toEqual({ id: ORG });
    expect(textBlockParamsSchema.parse({ id: ORG, blockId: BLOCK })).toEqual({ id: ORG, blockId: BLOCK });
    expect(textBlockParamsSchema.safeParse({ id: ORG, blockId: '7' }).success).toBe(false);
    expect(textBlocksQuerySchema.parse({})).toEqual({});
    expect(textBlocksQuerySchema.parse({ locale: 'fr-CA' })).toEqual({ locale: 'fr-CA' });
    expect(textBlocksQuerySchema.safeParse({ locale: 'es' }).success).toBe(false);
    expect(hasOwnTextBlocksSchema.parse({ hasOwn: true })).toEqual({ hasOwn: true });
  });
});
