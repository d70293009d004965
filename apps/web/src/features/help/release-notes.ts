import { APP_VERSION } from '@accueil/domain';

/**
 * The notes of the running version (/release-notes): its number (`APP_VERSION`), its release
 * day (`YYYY-MM-DD`, shown in the interface language) and its changes by section. Each change is
 * the message `help.releaseNotes.<section>.<id>` of the `help` namespace, in every locale.
 */
export const RELEASE_NOTES = {
  version: APP_VERSION,
  releasedOn: '2026-11-29',
  sections: {
    new: ['calls', 'scheduled', 'contacts', 'agenda', 'security', 'automations'],
    improved: ['search', 'pacing', 'forms', 'confirm'],
    fixed: ['once', 'dates'],
  },
} as const;

/** A section of the notes: new features, improvements, fixes. */
export type ReleaseNotesSection = keyof typeof RELEASE_NOTES.sections;
