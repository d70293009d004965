import { describe, expect, it } from 'vitest';
import { attachmentKindOf, checkAttachmentFile, checkMessageAttachments, formatBytes } from './rules';
import { cleanAttachmentName } from './contracts';

describe('the attachment rules', () => {
  it('classes files by their sniffed type, refusing what no rule names', () => {
    expect(
      ['image/jpeg', 'application/pdf', 'video/mp4', 'image/svg+xml', 'text/html'].map(attachmentKindOf),
    ).toEqual(['image', 'pdf', 'media', null, null]);
  });

  it('limits a picture to 200 KB unless the user agrees to a resize, a PDF under 600 KB, media to 2 MB', () => {
    const check = (contentType: string, size: number, resize = false) =>
      checkAttachmentFile({ contentType, size }, { resize });
    expect([
      check('image/png', 200_000),
      check('image/png', 200_001),
      check('image/png', 5_000_000, true),
    ]).toEqual([null, 'image-too-large', null]);
    expect([
      check('image/png', 20_000_001, true),
      check('application/pdf', 599_999),
      check('application/pdf', 600_000),
    ]).toEqual(['image-too-large', null, 'pdf-too-large']);
    expect([check('audio/mpeg', 2_000_000), check('audio/mpeg', 2_000_001), check('text/html', 10)]).toEqual([
      null,
      'file-too-large',
      'file-unexpected',
    ]);
  });

  it('refuses text with media, a document with an attachment, more than 10 files, more than 20 MB in all', () => {
    expect(checkMessageAttachments({ sizes: [], text: 'Bonjour' })).toBeNull();
    expect(checkMessageAttachments({ sizes: [100], text: '  ' })).toBeNull();
    expect(checkMessageAttachments({ sizes: [100], text: 'Bonjour' })).toBe('text-with-media');
    expect(checkMessageAttachments({ sizes: [100], documents: 1 })).toBe('document-with-attachment');
    expect(checkMessageAttachments({ sizes: Array<number>(11).fill(1) })).toBe('too-many-attachments');
    expect(checkMessageAttachments({ sizes: Array<number>(10).fill(2_000_000) })).toBeNull();
    expect(checkMessageAttachments({ sizes: [...Array<number>(9).fill(2_000_000), 2_000_001] })).toBe(
      'attachments-too-large',
    );
  });

  it('formats sizes base 1000 in the interface’s language', () => {
    expect(formatBytes(999, 'en-CA')).toBe('999 bytes');
    expect([formatBytes(200_000, 'en-CA'), formatBytes(1_250_000, 'en-CA')]).toEqual(['200 kB', '1.3 MB']);
    // French puts a (narrow) no-break space before the unit.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect([spaced(formatBytes(200_000, 'fr-CA')), spaced(formatBytes(20_000_000, 'fr-FR'))]).toEqual([
      '200 ko',
      '20 Mo',
    ]);
  });

  it('keeps a file name without control characters or path separators', () => {
    expect(cleanAttachmentName('../../etc/pass\u0000wd')).toBe('....etcpasswd');
    expect(cleanAttachmentName(undefined)).toBe('file');
  });
});
