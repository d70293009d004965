import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactAvatar } from '../../components/contact-avatar';
import { renderWithProviders } from '../../test/render-with-providers';

describe('ContactAvatar', () => {
  it('shows the initials of a known contact', () => {
    renderWithProviders(<ContactAvatar name="Marie Tremblay" phone="+15145550101" />);
    expect(screen.getByLabelText('Marie Tremblay').textContent).toBe('MT');
  });

  it('shows the anonymous icon for a withheld number and the emergency icon for 911', () => {
    renderWithProviders(
      <>
        <ContactAvatar phone="anonymous" />
        <ContactAvatar phone="+1911" name="Urgence" />
        <ContactAvatar phone="+15145550101" />
      </>,
    );
    expect(screen.getByLabelText('Numéro masqué')).toBeTruthy();
    expect(screen.getByLabelText('Numéro d’urgence')).toBeTruthy();
    expect(screen.getByLabelText('Contact inconnu')).toBeTruthy();
  });

  it('adds a business badge', () => {
    const { container } = renderWithProviders(
      <ContactAvatar name="Clinique Nord" phone="+15145550101" business />,
    );
    expect(container.querySelector('.mantine-Indicator-indicator')).not.toBeNull();
  });
});
