import { normalizeOutboundPhone, type SandboxDirectory } from '@accueil/domain';
import { Select, Stack, TextInput } from '@mantine/core';
import { IconBuildingHospital, IconDeviceMobile } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { formatPhone } from '../../lib/format';

/** The pseudo-option "another number" of the contact picker. */
export const OTHER_NUMBER = '__other__';

/** Props of {@link NumberPickers}. */
export interface NumberPickersProps {
  directory: SandboxDirectory;
  contactChoice: string;
  onContactChoice: (value: string) => void;
  otherNumber: string;
  onOtherNumber: (value: string) => void;
  team: string | null;
  onTeam: (value: string) => void;
}

function groupBy<T>(
  items: T[],
  key: (item: T) => string,
  option: (item: T) => { value: string; label: string },
) {
  const groups = new Map<string, { value: string; label: string }[]>();
  const seen = new Set<string>(); // a Select needs unique values
  for (const item of items) {
    const o = option(item);
    if (seen.has(o.value)) continue;
    seen.add(o.value);
    groups.set(key(item), [...(groups.get(key(item)) ?? []), o]);
  }
  return [...groups].map(([group, options]) => ({ group, items: options }));
}

/**
 * Chooses the phone this page plays (a demo contact, or any typed number) and the team
 * number it texts (one of the directory's team numbers).
 */
export function NumberPickers(props: NumberPickersProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const contactData = [
    ...groupBy(
      props.directory.contacts,
      (c) => c.organization,
      (c) => ({ value: c.phone, label: `${c.name} · ${formatPhone(c.phone)}` }),
    ),
    {
      group: t('sandboxPhone.contact.otherGroup'),
      items: [{ value: OTHER_NUMBER, label: t('sandboxPhone.contact.other') }],
    },
  ];
  const teamData = groupBy(
    props.directory.teams,
    (c) => c.organization,
    (c) => ({
      value: c.phoneNumber,
      label: `${c.label} · ${formatPhone(c.phoneNumber)}`,
    }),
  );
  const otherInvalid = props.otherNumber.trim() !== '' && normalizeOutboundPhone(props.otherNumber) === null;
  return (
    <Stack gap="md">
      <Select
        label={t('sandboxPhone.contact.label')}
        description={t('sandboxPhone.contact.help')}
        data={contactData}
        value={props.contactChoice}
        onChange={(v) => v && props.onContactChoice(v)}
        leftSection={<IconDeviceMobile size={16} />}
        searchable
        allowDeselect={false}
        maxDropdownHeight={320}
      />
      {props.contactChoice === OTHER_NUMBER && (
        <TextInput
          label={t('sandboxPhone.contact.otherLabel')}
          placeholder="+15145550199"
          value={props.otherNumber}
          onChange={(e) => props.onOtherNumber(e.currentTarget.value)}
          error={otherInvalid ? t('sandboxPhone.contact.invalid') : undefined}
          inputMode="tel"
        />
      )}
      <Select
        label={t('sandboxPhone.team.label')}
        description={t('sandboxPhone.team.help')}
        data={teamData}
        value={props.team}
        onChange={(v) => v && props.onTeam(v)}
        leftSection={<IconBuildingHospital size={16} />}
        placeholder={t('sandboxPhone.team.placeholder')}
        searchable
        allowDeselect={false}
      />
    </Stack>
  );
}
