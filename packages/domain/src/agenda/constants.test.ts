import { describe, expect, it } from 'vitest';
import {
  AGENDA_COLOUR_PATTERN,
  APPOINTMENT_DURATION_CHOICES_MINUTES,
  APPOINTMENT_DURATION_MAX_MINUTES,
  APPOINTMENT_DURATION_MIN_MINUTES,
} from './constants';
import { agendaColourSchema, appointmentDurationSchema } from './entities';

/** The agenda's limits as people say them, and what they let through. */
describe('agenda constants', () => {
  it('an appointment lasts from 5 minutes to one 12-hour working day', () => {
    expect(APPOINTMENT_DURATION_MIN_MINUTES).toBe(5);
    expect(APPOINTMENT_DURATION_MAX_MINUTES).toBe(12 * 60);
    expect(appointmentDurationSchema.safeParse(4).success).toBe(false);
    expect(appointmentDurationSchema.safeParse(5).success).toBe(true);
    expect(appointmentDurationSchema.safeParse(720).success).toBe(true);
    expect(appointmentDurationSchema.safeParse(721).success).toBe(false);
  });

  it('the form offers durations from a quarter of an hour to two hours, each a valid duration', () => {
    expect([...APPOINTMENT_DURATION_CHOICES_MINUTES]).toEqual([15, 30, 45, 60, 90, 120]);
    for (const d of APPOINTMENT_DURATION_CHOICES_MINUTES)
      expect(appointmentDurationSchema.safeParse(d).success).toBe(true);
  });

  it('a colour is exactly #rrggbb in hexadecimal, either case', () => {
    for (const ok of ['#a1B2c3', '#000000', '#FFFFFF', '#9f9F9f'])
      expect(AGENDA_COLOUR_PATTERN.test(ok)).toBe(true);
    for (const bad of [
      '#abc',
      '#aabbcc0',
      'x#aabbcc',
      '#aabbcc ',
      'aabbcc',
      '#gg0000',
      '#00000G',
      '##aabbcc',
      '',
    ])
      expect(agendaColourSchema.safeParse(bad).success).toBe(false);
  });
});
