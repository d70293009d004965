import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Views } from 'react-big-calendar';
import { FormattedMessage, useIntl } from 'react-intl';
import { AgendaCalendar } from './agenda-calendar';
import classes from './agenda.module.css';
import { newDraft } from './appointment-draft';
import { AppointmentForm } from './appointment-form';
import { ALL, useAgenda } from './use-agenda';
import { wallDateKey } from './wall-clock';

/**
 * /agenda: the organisation's calendar in its time zone — day (a column per professional),
 * week and month — with each professional's availability categories drawn in their colours
 * behind the appointments (in their category's colour). Book by selecting a free time or with
 * the button; move by dragging (or resizing) or through the form; open an appointment to edit,
 * move or cancel it. The day and week views show every professional's column, or the one
 * chosen (see {@link useAgenda} for narrow screens).
 */
export function AgendaScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `agenda.${id}` });
  const agenda = useAgenda();
  const { professionals, shown, form } = agenda;

  return (
    <Stack p="lg" gap="md" h="100%">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            <FormattedMessage id="agenda.title" />
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'agenda.timeZone' }, { timeZone: agenda.timeZone })}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          {agenda.view !== Views.MONTH && professionals.length > 1 && (
            <Select
              label={t('shown')}
              value={shown}
              onChange={(v) => agenda.choose(v ?? ALL)}
              allowDeselect={false}
              data={[
                { value: ALL, label: t('shownAll') },
                ...professionals.map((p) => ({ value: p.id, label: p.fullname })),
              ]}
              w={220}
            />
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              agenda.openDraft(
                newDraft({
                  professionalId: (shown !== ALL ? shown : professionals[0]?.id) ?? null,
                  date: wallDateKey(agenda.date),
                }),
              )
            }
            disabled={professionals.length === 0}
          >
            {t('new')}
          </Button>
        </Group>
      </Group>
      {agenda.settingsLoaded && professionals.length === 0 && <Text c="dimmed">{t('noProfessional')}</Text>}
      <Paper withBorder radius="md" p="sm" className={classes.calendar}>
        <AgendaCalendar agenda={agenda} />
      </Paper>
      {form && (
        <AppointmentForm
          key={form.appointment?.id ?? 'new'}
          appointment={form.appointment}
          initial={form.draft}
          timeZone={agenda.timeZone}
          onClose={agenda.closeForm}
        />
      )}
    </Stack>
  );
}
