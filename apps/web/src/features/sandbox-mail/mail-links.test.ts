import { describe, expect, it } from 'vitest';
import { linksIn } from './mail-links';

describe('linksIn', () => {
  it('finds each web address of a text part once, in order, without trailing brackets', () => {
    const text =
      'Choisir [http://localhost:3000/password-reset?token=a_B-1]\nou (https://accueil.example/password-forgot).\nhttp://localhost:3000/password-reset?token=a_B-1';
    expect(linksIn(text)).toEqual([
      'http://localhost:3000/password-reset?token=a_B-1',
      'https://accueil.example/password-forgot',
    ]);
  });
  it('finds nothing in a text without links, nor javascript: addresses', () => {
    expect(linksIn('Bonjour javascript:alert(1)')).toEqual([]);
  });
});
