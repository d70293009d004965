import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '@accueil/domain';
import { catalogues } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render-with-providers';
import { FAQ_TOPICS, faqMatches } from './faq-entries';
import { FaqScreen } from './faq-screen';
import { RELEASE_NOTES } from './release-notes';
import { ReleaseNotesScreen } from './release-notes-screen';

const entryIds = FAQ_TOPICS.flatMap((group) => group.entries);

describe('FAQ search', () => {
  it('keeps the entries holding every word typed, accents and case ignored, in any order', () => {
    const entry = { id: 'x', question: 'Comment transférer un appel ?', answer: 'Choisissez Transférer.' };
    expect(faqMatches(entry, '')).toBe(true);
    expect(faqMatches(entry, '  TRANSFERER  ')).toBe(true);
    expect(faqMatches(entry, 'appel transférer')).toBe(true);
    expect(faqMatches(entry, 'appel courriel')).toBe(false);
  });

  it('finds an answer written with ’ from a word typed with a typewriter apostrophe, and the reverse', () => {
    const entry = { id: 'x', question: 'Qu’est-ce qu’une clé d’accès ?', answer: "l'appareil" };
    expect(faqMatches(entry, "cle d'acces")).toBe(true);
    expect(faqMatches(entry, 'l’appareil')).toBe(true);
  });
});

describe('/faq search in each locale', () => {
  // Per locale: a word typed without its accents (and with a typewriter apostrophe) and the one
  // entry it must find, read from that locale's own catalogue.
  const cases = [
    { locale: 'fr-CA', typed: "deverrouillage cle d'acces", found: 'faq-passkey' },
    { locale: 'fr-FR', typed: "deverrouillage cle d'acces", found: 'faq-passkey' },
    { locale: 'en-CA', typed: "device's unlock", found: 'faq-passkey' },
  ] as const;
  for (const { locale, typed, found } of cases)
    it(`${locale}: "${typed}" keeps and opens the matching answer`, async () => {
      renderWithProviders(<FaqScreen />, { route: '/faq', locale });
      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox'), typed);
      const shown = screen.getAllByTestId(/^faq-/).filter((el) => el.dataset.testid !== 'faq-count');
      expect(shown.map((el) => el.dataset.testid)).toEqual([found]);
      expect(within(screen.getByTestId(found)).getByRole('button', { expanded: true })).toBeTruthy();
    });

  it('every locale’s accented words are found typed without their accents', () => {
    // Each question of each locale, searched by its own words stripped of accents and apostrophes
    // typed as ': it finds at least its own entry.
    for (const locale of SUPPORTED_LOCALES)
      for (const id of entryIds) {
        const question = catalogues[locale][`help.faq.q.${id}`]!;
        const answer = catalogues[locale][`help.faq.a.${id}`]!;
        const typed = question
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .replace(/’/g, "'")
          .replace(/[?¿!.,:;«»]/g, ' ');
        expect(faqMatches({ id, question, answer }, typed), `${locale} ${id}`).toBe(true);
      }
  });
});

describe('/faq', () => {
  it('shows every topic and question, closed, in the interface language', () => {
    renderWithProviders(<FaqScreen />, { route: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeTruthy();
    for (const title of ['Textos', 'Appels', 'Messages programmés', 'Contacts', 'Compte et sécurité'])
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(entryIds.length);
    expect(
      screen.getByRole('button', { name: 'Comment transférer ou mettre un appel en attente ?' }),
    ).toBeTruthy();
  });

  it('a search keeps and opens the matching answers, announces their number, and says when none match', async () => {
    renderWithProviders(<FaqScreen />, { route: '/faq' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher dans la FAQ' }), 'cle d’acces');
    const shown = screen.getAllByTestId(/^faq-/).filter((el) => el.dataset.testid !== 'faq-count');
    expect(shown.map((el) => el.dataset.testid)).toEqual(['faq-passkey', 'faq-signInHours']);
    expect(screen.getByTestId('faq-count').textContent).toBe('2 réponses');
    const passkey = within(screen.getByTestId('faq-passkey'));
    expect(passkey.getByRole('button', { expanded: true })).toBeTruthy();
    expect(passkey.getByText(/remplace le mot de passe/)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Textos' })).toBeNull();

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByText(/Aucune réponse ne contient « zzz »/)).toBeTruthy();
    expect(screen.getByTestId('faq-count').textContent).toBe('Aucune réponse');
  });

  it('names the tokens of quick answers as they are written', async () => {
    renderWithProviders(<FaqScreen />, { route: '/faq', locale: 'en-CA' });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'How do I use quick answers and their automatic fields?' }));
    expect(
      screen.getByText(
        /The fields \{\{first_name\}\}, \{\{last_name\}\}, \{\{date\}\} and \{\{organization_name\}\} are filled/,
      ),
    ).toBeTruthy();
  });

  it('every entry, topic and note has its text in every locale', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const ids = [
        ...FAQ_TOPICS.map((g) => `help.faq.topic.${g.topic}`),
        ...entryIds.flatMap((id) => [`help.faq.q.${id}`, `help.faq.a.${id}`]),
        ...Object.entries(RELEASE_NOTES.sections).flatMap(([section, notes]) => [
          `help.releaseNotes.section.${section}`,
          ...notes.map((n) => `help.releaseNotes.${section}.${n}`),
        ]),
      ];
      for (const id of ids) expect(catalogues[locale][id], `${locale} ${id}`).toBeTruthy();
    }
  });
});

describe('/release-notes', () => {
  it('shows the running version, its day in the interface language and its changes by section', () => {
    renderWithProviders(<ReleaseNotesScreen />, { route: '/release-notes', locale: 'en-CA' });
    expect(screen.getByRole('heading', { level: 2, name: 'Version 5.5.1' })).toBeTruthy();
    expect(screen.getByText('Released on November 29, 2026')).toBeTruthy();
    const fixed = screen.getByRole('region', { name: 'Fixed' });
    expect(within(fixed).getAllByRole('listitem')).toHaveLength(RELEASE_NOTES.sections.fixed.length);
    expect(within(fixed).getByText(/never sent twice/)).toBeTruthy();
  });

  it('reads the day in French order', () => {
    renderWithProviders(<ReleaseNotesScreen />, { route: '/release-notes' });
    expect(screen.getByText('Publiée le 29 novembre 2026')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Nouveautés' })).toBeTruthy();
  });
});
