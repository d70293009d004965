import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { MessageText } from './message-text';

function links(body: string) {
  renderWithProviders(<MessageText body={body} />);
  return screen.queryAllByRole<HTMLAnchorElement>('link');
}

describe('MessageText links', () => {
  it('makes http and https addresses clickable, in a new tab without opener or referrer', () => {
    const [first, second] = links(
      'Formulaire : https://clinique.example/formulaire?id=4 ou http://exemple.ca.',
    );
    expect(first?.getAttribute('href')).toBe('https://clinique.example/formulaire?id=4');
    expect(second?.getAttribute('href')).toBe('http://exemple.ca');
    for (const a of [first!, second!]) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('gives a bare www address https', () => {
    expect(links('Voir www.exemple.ca svp')[0]?.getAttribute('href')).toBe('https://www.exemple.ca');
  });

  it.each([
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://fichiers.exemple.ca/a.pdf',
    'file:///etc/passwd',
    'ecrivez à info@exemple.ca',
    'mailto:info@exemple.ca',
  ])('leaves %s as text', (body) => {
    expect(links(body)).toEqual([]);
    expect(document.body.textContent).toContain(body);
  });
});
