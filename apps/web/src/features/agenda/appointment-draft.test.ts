import type { Appointment } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { appointmentFormSchema, draftOf, inputOf, newDraft } from './appointment-draft';

const appointment: Appointment = {
  id: '00000000-0000-4000-8000-000000000001',
  professionalId: '00000000-0000-4000-8000-000000000002',
  categoryId: '00000000-0000-4000-8000-000000000003',
  service: 'Cleaning',
  startsAt: '2030-01-07T15:00:00.000Z',
  endsAt: '2030-01-07T15:30:00.000Z',
  durationMinutes: 30,
  status: 'created',
  contactId: '00000000-0000-4000-8000-000000000004',
  firstName: 'Léa',
  lastName: 'Bouchard',
  birthday: null,
  phone: null,
  email: null,
  gender: 'female',
  kit: false,
  extraDocument: true,
  requests: '',
  notes: 'n',
};

describe('appointment drafts', () => {
  it('has no API input until professional, category and availability are chosen; male by default', () => {
    const draft = newDraft({ professionalId: appointment.professionalId, date: '2030-01-07' });
    expect(draft.gender).toBe('male');
    expect(inputOf(draft)).toBeNull();
    expect(
      inputOf({ ...draft, categoryId: appointment.categoryId, startsAt: appointment.startsAt }),
    ).toMatchObject({ startsAt: appointment.startsAt, phone: null, email: null });
  });

  it("sends back an existing appointment's fields only (no id, status or end)", () => {
    const input = inputOf(draftOf(appointment, '2030-01-07'))!;
    expect(Object.keys(input)).not.toContain('id');
    expect(Object.keys(input)).not.toContain('status');
    expect(Object.keys(input)).not.toContain('endsAt');
    expect(Object.keys(input)).not.toContain('date');
    expect(input).toMatchObject({ contactId: appointment.contactId, extraDocument: true, notes: 'n' });
  });

  it('the form schema says which required fields are empty, which the API would refuse, and parses to the input', () => {
    const messages = (draft: Parameters<typeof inputOf>[0]): Record<string, string> => {
      const parsed = appointmentFormSchema.safeParse(draft);
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    };
    expect(messages(newDraft())).toEqual({
      professionalId: 'agenda.form.required',
      categoryId: 'agenda.form.required',
      date: 'agenda.form.required',
      startsAt: 'agenda.form.required',
      firstName: 'agenda.form.required',
      lastName: 'agenda.form.required',
    });
    const draft = draftOf(appointment, '2030-01-07');
    expect(messages({ ...draft, email: 'not an e-mail', lastName: '  ' })).toEqual({
      email: 'agenda.form.invalid',
      lastName: 'agenda.form.invalid',
    });
    expect(appointmentFormSchema.parse(draft)).toEqual(inputOf(draft));
  });
});
