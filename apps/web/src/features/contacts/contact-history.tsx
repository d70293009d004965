import type { Appointment } from '@accueil/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format';
import { toWallDate } from '../agenda/wall-clock';
import { useAgendaSettings, useProfessionals } from '../professionals/api';
import { useContactAppointments, useContactSurveys } from './use-contact-details';

/** The contact's surveys (`GET /api/patients/:id/surveys`), titles only; a line when there is none. */
export function Surveys({ id }: { id: string }) {
  const surveys = useContactSurveys(id);
  if (!surveys.data) return null;
  if (surveys.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="contacts.surveys.none" />
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {surveys.data.items.map((s) => (
        <Text key={s.id} size="sm">
          {s.title}
        </Text>
      ))}
    </Stack>
  );
}

const STATUS_COLOUR: Record<Appointment['status'], string> = {
  created: 'teal',
  moved: 'blue',
  cancelled: 'gray',
};

/**
 * The contact's appointments (`GET /api/patients/:id/appointments`): when, in the organisation's time
 * zone, with the duration, the professional and service, and the status as a badge.
 */
export function Appointments({ id }: { id: string }) {
  const intl = useIntl();
  const appointments = useContactAppointments(id);
  const settings = useAgendaSettings();
  const { data: professionals = [] } = useProfessionals();
  if (!appointments.data || !settings.data) return null;
  if (appointments.data.items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="contacts.appointments.none" />
      </Text>
    );
  }
  const timeZone = settings.data.timeZone;
  const nameOf = (professionalId: string) =>
    professionals.find((p) => p.id === professionalId)?.fullname ?? '';
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={intl.formatMessage({ id: 'contacts.appointments.label' })}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {appointments.data.items.map((a) => (
        <Group key={a.id} component="li" gap="sm" wrap="nowrap" justify="space-between">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              <FormattedMessage
                id="contacts.appointments.when"
                values={{
                  date: formatDateTime(toWallDate(a.startsAt, timeZone)),
                  duration: a.durationMinutes,
                }}
              />
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {[nameOf(a.professionalId), a.service].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Badge variant="light" color={STATUS_COLOUR[a.status]}>
            <FormattedMessage id={`contacts.appointments.status.${a.status}`} />
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
