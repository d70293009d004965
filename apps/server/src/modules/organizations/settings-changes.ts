import type { OrganizationSettings } from '@accueil/domain';

/** Settings that are not fields an administrator changes (derived or identifying). */
const NOT_FIELDS = new Set<keyof OrganizationSettings>(['id', 'name', 'logoUrl', 'options']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The names of the settings that differ between `before` and `after`, for the audit log: top
 * fields by name (`website`, `names`, `services`), options by their path
 * (`options.auth.disallowLoginOutsideWorkHours`). Names only, never values: the log says what
 * changed, not to what. Sorted; empty when nothing changed.
 */
export function changedSettingFields(before: OrganizationSettings, after: OrganizationSettings): string[] {
  const fields: string[] = [];
  for (const key of Object.keys(after) as (keyof OrganizationSettings)[]) {
    if (!NOT_FIELDS.has(key) && !same(before[key], after[key])) fields.push(key);
  }
  const { endOlderSessionOnNewSignIn, ...groups } = after.options;
  if (endOlderSessionOnNewSignIn !== before.options.endOlderSessionOnNewSignIn)
    fields.push('options.endOlderSessionOnNewSignIn');
  for (const [group, options] of Object.entries(groups)) {
    const previous = before.options[group as keyof typeof groups] as Record<string, unknown>;
    for (const [option, value] of Object.entries(options)) {
      if (previous[option] !== value) fields.push(`options.${group}.${option}`);
    }
  }
  return fields.sort();
}
