import {
  EXPERTISE_MAX_CHARS,
  ORGANIZATION_ADDRESS_MAX_CHARS,
  ORGANIZATION_NAME_MAX_CHARS,
  updateOrganizationRequestSchema,
  WEBSITE_MAX_CHARS,
} from '@accueil/domain';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import enCA from '../../../locales/en-CA/configuration.json';
import frCA from '../../../locales/fr-CA/configuration.json';
import { issuesOfZod } from '../field-issues';
import { maxCharsOf } from './organization-draft';

describe('maxCharsOf', () => {
  it('names the limit of every text field the settings schema refuses as too long', () => {
    expect(maxCharsOf('names.fr-CA')).toBe(ORGANIZATION_NAME_MAX_CHARS);
    expect(maxCharsOf('names.en-CA')).toBe(ORGANIZATION_NAME_MAX_CHARS);
    expect(maxCharsOf('expertises.2')).toBe(EXPERTISE_MAX_CHARS);
    expect(maxCharsOf('website')).toBe(WEBSITE_MAX_CHARS);
    expect(maxCharsOf('address')).toBe(ORGANIZATION_ADDRESS_MAX_CHARS);
    expect(maxCharsOf('timeZone')).toBeUndefined();
  });

  it('gives the too-long message its limit in French and English', () => {
    const parsed = updateOrganizationRequestSchema.safeParse({
      address: 'x'.repeat(ORGANIZATION_ADDRESS_MAX_CHARS + 1),
    });
    expect(parsed.success).toBe(false);
    const issues = issuesOfZod(parsed.error!);
    expect(issues.address).toBe('max-length');
    const say = (locale: string, messages: Record<string, string>) =>
      createIntl({ locale, messages }).formatMessage(
        { id: 'configuration.organization.issue.max-length' },
        { max: maxCharsOf('address') },
      );
    expect(say('fr-CA', frCA)).toBe('Ce texte est trop long : 255 caractères au plus.');
    expect(say('en-CA', enCA)).toBe('This text is too long: 255 characters at most.');
  });
});
