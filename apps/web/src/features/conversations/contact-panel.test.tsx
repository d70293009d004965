import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { ContactPanel } from './contact-panel';
import { buildConversation } from './test-fixtures';

/** The value shown under a field's label in the panel. */
function fieldValue(label: string): string | null {
  return screen.getByText(label).nextElementSibling?.textContent ?? null;
}

describe('ContactPanel', () => {
  it("shows an unknown sender's e-mail address as the e-mail, never as a phone, in an e-mail conversation", () => {
    renderWithProviders(
      <ContactPanel
        conversation={buildConversation({
          friendlyName: 'julie.roy@exemple.ca',
          attributes: { type: 'email' },
        })}
      />,
    );
    expect(fieldValue('Courriel')).toBe('julie.roy@exemple.ca');
    expect(fieldValue('Téléphone')).toBe('—');
  });

  it("shows an unknown number's phone in a text conversation", () => {
    renderWithProviders(<ContactPanel conversation={buildConversation({ friendlyName: '+15145550101' })} />);
    expect(fieldValue('Téléphone')).toBe('(514) 555-0101');
    expect(screen.queryByText('Courriel')).toBeNull();
  });
});
