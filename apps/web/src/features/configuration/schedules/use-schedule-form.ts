import { scheduleSchema, type Schedule, type TeamSchedule } from '@accueil/domain';
import { useMemo } from 'react';
import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { applyServerError, errorsByPath, requestCheckedSchema, useZodForm } from '../../../lib/forms';
import { useSaveOrganizationSchedule, useSaveTeamSchedule } from './use-schedules';

/** A team's schedule form: following the organisation's (`follows`), or its own week and vacations. */
export type TeamScheduleValues = Schedule & { follows: boolean };

/** The team form judged as its request's `schedule` is: nothing to check when it follows (null). */
const teamScheduleSchema = requestCheckedSchema<TeamScheduleValues>(scheduleSchema.nullable(), (v) =>
  v.follows ? null : { week: v.week, vacations: v.vacations },
);

/** A refusal's detail path inside a schedule (`week.1.end`, or the team request's `schedule.week.1.end`) as the form's field. */
function scheduleField<T extends FieldValues>(path: string): Path<T> | undefined {
  const inside = path.replace(/^schedule\./, '');
  return /^(week|vacations)\.\d/.test(inside) ? (inside as Path<T>) : undefined;
}

/**
 * A schedule form's tie to the `ScheduleEditor`: the schedule it holds, a change written back and
 * checked at once (problems show as the user types, as the server's rules say), the problems by
 * path (the check's and the server's), whether any is left, and `submit(save)`: sends what
 * `save` builds from the values; a refusal's details land on their fields, the first one of the
 * submitted form focused; any other refusal is the save hook's toast.
 */
function useScheduleBinding<T extends Schedule>(form: UseFormReturn<T, unknown, T>) {
  const [week, vacations] = useWatch({
    control: form.control,
    name: ['week', 'vacations'] as Path<T>[],
  }) as unknown as [Schedule['week'], Schedule['vacations']];
  const value = useMemo(() => ({ week, vacations }), [week, vacations]);
  const set = form.setValue as (name: string, value: unknown, options: object) => void;
  const onChange = (next: Schedule) => {
    const options = { shouldValidate: true, shouldDirty: true };
    if (next.week !== week) set('week', next.week, options);
    if (next.vacations !== vacations) set('vacations', next.vacations, options);
  };
  const issues = errorsByPath(form.formState.errors);
  const submit = (save: (values: T) => Promise<unknown>) =>
    form.handleSubmit(async (values, event) => {
      try {
        await save(values);
      } catch (error) {
        // The schedule's fields are the editor's, not registered: the first marked one is focused.
        const formElement = event?.target instanceof HTMLFormElement ? event.target : null;
        if (applyServerError(form.setError, error, { fieldOf: scheduleField<T> }) === 'fields')
          requestAnimationFrame(() =>
            formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
          );
      }
    });
  return { value, onChange, issues, invalid: Object.keys(issues).length > 0, submit };
}

/** The organisation's schedule form, from its saved `initial` schedule (see {@link useScheduleBinding}). */
export function useOrganizationScheduleForm(organizationId: string, initial: Schedule) {
  const form = useZodForm<Schedule>(scheduleSchema, { defaultValues: initial, mode: 'onChange' });
  const mutation = useSaveOrganizationSchedule(organizationId);
  const binding = useScheduleBinding(form);
  return { ...binding, pending: mutation.isPending, save: binding.submit((v) => mutation.mutateAsync(v)) };
}

/**
 * A team's schedule form. A team that starts its own schedule starts from the week it follows
 * today (its own vacations empty); following the organisation's saves `null`.
 */
export function useTeamScheduleForm(team: TeamSchedule) {
  const form = useZodForm<TeamScheduleValues>(teamScheduleSchema, {
    defaultValues: {
      follows: team.schedule === null,
      ...(team.schedule ?? { week: team.effective.week, vacations: [] }),
    },
    mode: 'onChange',
  });
  const mutation = useSaveTeamSchedule(team.teamId);
  const binding = useScheduleBinding(form);
  const follows = useWatch({ control: form.control, name: 'follows' });
  return {
    ...binding,
    follows,
    // Following (or not) changes what is checked: every problem is read again.
    setFollows: (next: boolean) => {
      form.setValue('follows', next);
      void form.trigger();
    },
    invalid: !follows && binding.invalid,
    pending: mutation.isPending,
    save: binding.submit((v) =>
      mutation.mutateAsync(v.follows ? null : { week: v.week, vacations: v.vacations }),
    ),
  };
}
