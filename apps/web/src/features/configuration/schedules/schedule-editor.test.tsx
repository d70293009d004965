import { defaultSchedule, type Schedule } from '@accueil/domain';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScheduleEditor, scheduleIssues } from './schedule-editor';

/** The editor with its own state, reporting each change to `onChange`. */
function Editor({ initial, onChange }: { initial: Schedule; onChange: (s: Schedule) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ScheduleEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('ScheduleEditor', () => {
  it('adds a lunch break at noon on Monday, and shows a break past closing time beside it', async () => {
    const onChange = vi.fn<(s: Schedule) => void>();
    renderWithProviders(<Editor initial={defaultSchedule()} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une pause le lundi' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({
        week: expect.arrayContaining([
          expect.objectContaining({ day: 1, breaks: [{ start: '12:00', end: '13:00' }] }),
        ]),
      }),
    );

    fireEvent.change(screen.getByLabelText('lundi, pause 1 : fin'), { target: { value: '18:00' } });
    expect(await screen.findByText('La pause doit être comprise dans les heures d’ouverture.')).toBeTruthy();
    expect(scheduleIssues(onChange.mock.lastCall![0])).toEqual({
      'week.1.breaks.0': 'schedule-break-outside-hours',
    });
  });

  it('closes a day with its switch and keeps its hours for later', () => {
    const onChange = vi.fn<(s: Schedule) => void>();
    renderWithProviders(<Editor initial={defaultSchedule()} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: 'vendredi' }));
    const friday = onChange.mock.lastCall![0].week[5]!;
    expect(friday).toMatchObject({ enabled: false, start: '09:00', end: '17:00' });
    expect(screen.queryByLabelText('vendredi : ouverture')).toBeNull();
  });
});
