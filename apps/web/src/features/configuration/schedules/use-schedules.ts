import type { Schedule } from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  fetchOrganizationSchedule,
  fetchTeamSchedule,
  saveOrganizationSchedule,
  saveTeamSchedule,
  scheduleKeys,
} from './api';

export { scheduleKeys };

/** The organisation's schedule (week and vacations). */
export function useOrganizationSchedule(organizationId: string) {
  return useQuery({
    queryKey: scheduleKeys.organization(organizationId),
    queryFn: ({ signal }) => fetchOrganizationSchedule(organizationId, signal),
  });
}

/** A team's schedule: its own (or null, following the organisation's) and the one in effect. */
export function useTeamSchedule(teamId: string) {
  return useQuery({
    queryKey: scheduleKeys.team(teamId),
    queryFn: ({ signal }) => fetchTeamSchedule(teamId, signal),
  });
}

/**
 * Saves the organisation's schedule: the answer replaces the cached one, and every team's is
 * read again (those that follow it show it). Announced; a refusal is a toast and goes to the
 * caller's `onError` (the editor shows the field issues).
 */
export function useSaveOrganizationSchedule(organizationId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule) => saveOrganizationSchedule(organizationId, schedule),
    onSuccess: (saved) => {
      client.setQueryData(scheduleKeys.organization(organizationId), saved);
      void client.invalidateQueries({ queryKey: scheduleKeys.teams() });
      notifySuccess(intl.formatMessage({ id: 'configuration.schedules.saved' }));
    },
    onError: (error) => notifyError(error),
  });
}

/** Saves a team's own schedule, or `null` to follow the organisation's; the answer replaces the cached one. */
export function useSaveTeamSchedule(teamId: string) {
  const intl = useIntl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule | null) => saveTeamSchedule(teamId, schedule),
    onSuccess: (saved) => {
      client.setQueryData(scheduleKeys.team(teamId), saved);
      notifySuccess(intl.formatMessage({ id: 'configuration.schedules.saved' }));
    },
    onError: (error) => notifyError(error),
  });
}
