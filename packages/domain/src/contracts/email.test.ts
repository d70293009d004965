import { describe, expect, it } from 'vitest';
import { emailSignature, splitQuotedText, type SignatureSource } from './email';

describe('splitQuotedText', () => {
  it('folds the history from the attribution line, in English or French', () => {
    expect(
      splitQuotedText('Merci !\n\nLe 3 déc. 2026, Clinique a écrit :\n> Votre rendez-vous\n> est confirmé'),
    ).toEqual({
      body: 'Merci !',
      quoted: 'Le 3 déc. 2026, Clinique a écrit :\n> Votre rendez-vous\n> est confirmé',
    });
    expect(splitQuotedText('Thanks\r\nOn Mon, Dec 3, 2026 at 10:00, Clinic wrote:\r\n> Hello')).toEqual({
      body: 'Thanks',
      quoted: 'On Mon, Dec 3, 2026 at 10:00, Clinic wrote:\n> Hello',
    });
  });

  it('folds a trailing block of quoted lines; keeps quotes inside the text and a text that is all quote', () => {
    expect(splitQuotedText('Oui\n\n> question ?\n>\n> suite\n')).toEqual({
      body: 'Oui',
      quoted: '> question ?\n>\n> suite',
    });
    expect(splitQuotedText('> cité\nma réponse')).toEqual({ body: '> cité\nma réponse', quoted: null });
    expect(splitQuotedText('> tout cité')).toEqual({ body: '> tout cité', quoted: null });
  });
});

describe('emailSignature', () => {
  const source = (mode: SignatureSource['mode']): SignatureSource => ({
    mode,
    user: {
      firstName: 'Marie',
      lastName: 'Curie',
      email: 'marie@clinique.test',
      profession: 'Dentiste',
      content: ' Dr Curie \n',
    },
    organization: { name: 'Clinique du Parc', phone: '+15145550000', email: null, address: '1 rue du Parc' },
  });

  it('signs by the user’s mode: nothing, the clinic’s, the user’s, or their own text', () => {
    expect(emailSignature(source('no-signature'))).toBe('');
    expect(emailSignature(source('clinic'))).toBe('Clinique du Parc\n1 rue du Parc\n+15145550000');
    expect(emailSignature(source('user'))).toBe(
      'Marie Curie\nDentiste\nClinique du Parc\nmarie@clinique.test',
    );
    expect(emailSignature(source('personalized-signature'))).toBe('Dr Curie');
  });
});
