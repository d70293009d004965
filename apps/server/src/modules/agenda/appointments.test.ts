import type { Appointment } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAgenda } from '../../test/agenda-factories';
import { buildContact } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { hasScheduledAppointment } from './index';

const t = useTestApp();

/** Monday 7 January 2030 in Toronto (UTC-5): `HH:mm` local → ISO instant. */
const monday = (time: string) => new Date(`2030-01-07T${time}:00-05:00`).toISOString();

type Agenda = Awaited<ReturnType<typeof buildAgenda>>;
const booking = (a: Agenda, over: Record<string, unknown> = {}) => ({
  professionalId: a.professional.id,
  categoryId: a.category.id,
  service: 'Cleaning',
  startsAt: monday('10:00'),
  durationMinutes: 30,
  firstName: 'Léa',
  lastName: 'Bouchard',
  phone: '514 555 0101',
  email: 'lea@example.test',
  birthday: '1990-04-12',
  gender: 'female',
  kit: true,
  extraDocument: false,
  requests: 'Morning if possible',
  notes: 'Anxious patient',
  ...over,
});

async function book(a: Agenda, over: Record<string, unknown> = {}, headers = a.userHeaders) {
  return t.app.inject({ method: 'POST', url: '/api/appointments', headers, payload: booking(a, over) });
}

describe('booking an appointment', () => {
  it('books it with every field of the form, linked to a new contact made from the patient', async () => {
    const a = await buildAgenda();
    const res = await book(a);
    expect(res.statusCode).toBe(201);
    const appt = res.json<Appointment>();
    expect(appt).toMatchObject({
      status: 'created',
      startsAt: '2030-01-07T15:00:00.000Z',
      endsAt: '2030-01-07T15:30:00.000Z',
      phone: '+15145550101',
      gender: 'female',
      kit: true,
      birthday: '1990-04-12',
      requests: 'Morning if possible',
      notes: 'Anxious patient',
    });
    expect(appt.contactId).toBeTruthy();
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${appt.contactId}/appointments`,
      headers: a.userHeaders,
    });
    expect(history.json<{ items: Appointment[] }>().items.map((x) => x.id)).toEqual([appt.id]);
  });

  it('links the contact with the same phone number, or the one the form picked', async () => {
    const a = await buildAgenda();
    const byPhone = await buildContact({ organizationId: a.org.id, phone: '+15145550199' });
    const first = await book(a, { phone: '(514) 555-0199' });
    expect(first.json<Appointment>().contactId).toBe(byPhone.id);
    const picked = await buildContact({ organizationId: a.org.id });
    const second = await book(a, { contactId: picked.id, startsAt: monday('11:00') });
    expect(second.json<Appointment>().contactId).toBe(picked.id);
  });

  it('defaults the gender to male', async () => {
    const a = await buildAgenda();
    const { gender: _g, ...rest } = booking(a);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: a.userHeaders,
      payload: rest,
    });
    expect(res.json<Appointment>().gender).toBe('male');
  });

  it("refuses a time outside the category's ranges, on the organisation's wall clock (422)", async () => {
    const a = await buildAgenda();
    // 11:45 + 30 min passes the 12:00 end of the morning range; 08:00 local is 13:00 UTC.
    for (const startsAt of [
      monday('11:45'),
      monday('08:00'),
      new Date('2030-01-06T15:00:00Z').toISOString(),
    ]) {
      const res = await book(a, { startsAt });
      expect(res.statusCode, startsAt).toBe(422);
      expect(res.json()).toMatchObject({ code: 'appointment-outside-availability' });
    }
  });

  it("answers 'This availability is already taken by another patient' when two bookings meet", async () => {
    const a = await buildAgenda();
    expect((await book(a)).statusCode).toBe(201);
    const res = await book(a, { startsAt: monday('10:15'), phone: '514 555 0102' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'availability-taken',
      message: 'This availability is already taken by another patient',
    });
    // Back to back is fine.
    expect((await book(a, { startsAt: monday('10:30') })).statusCode).toBe(201);
  });

  it('books the same availability from two requests at once: exactly one wins', async () => {
    const a = await buildAgenda();
    const results = await Promise.all([
      book(a, { phone: '514 555 0111' }),
      book(a, { phone: '514 555 0112' }, a.adminHeaders),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?from=${monday('00:00')}&to=${monday('23:59')}`,
      headers: a.userHeaders,
    });
    expect(list.json<{ items: Appointment[] }>().items).toHaveLength(1);
  });

  it('refuses an invalid phone number (400 phone-invalid)', async () => {
    const a = await buildAgenda();
    const res = await book(a, { phone: '12' });
    expect(res.json()).toMatchObject({ code: 'phone-invalid' });
  });
});

describe('moving and cancelling', () => {
  it('moves an appointment through the form: new time, status moved; the old time is free again', async () => {
    const a = await buildAgenda();
    const appt = (await book(a)).json<Appointment>();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appt.id}`,
      headers: a.userHeaders,
      payload: booking(a, { startsAt: monday('14:00'), durationMinutes: 45 }),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({
      status: 'moved',
      startsAt: '2030-01-07T19:00:00.000Z',
      endsAt: '2030-01-07T19:45:00.000Z',
    });
    expect((await book(a, { phone: '514 555 0120' })).statusCode).toBe(201);
  });

  it('keeps the status when only the notes change, and refuses a move onto a taken time (409)', async () => {
    const a = await buildAgenda();
    const appt = (await book(a)).json<Appointment>();
    await book(a, { startsAt: monday('11:00'), phone: '514 555 0130' });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appt.id}`,
      headers: a.userHeaders,
      payload: booking(a, { notes: 'Changed' }),
    });
    expect(edited.json<Appointment>()).toMatchObject({ status: 'created', notes: 'Changed' });
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appt.id}`,
      headers: a.userHeaders,
      payload: booking(a, { startsAt: monday('10:45') }),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'availability-taken' });
  });

  it('cancels: the time is free again, the list leaves it out unless asked, and it can no longer be moved', async () => {
    const a = await buildAgenda();
    const appt = (await book(a)).json<Appointment>();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: a.userHeaders,
    });
    expect(cancelled.json<Appointment>().status).toBe('cancelled');
    expect((await book(a, { phone: '514 555 0140' })).statusCode).toBe(201);
    const span = `from=${monday('00:00')}&to=${monday('23:59')}`;
    const active = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?${span}`,
      headers: a.userHeaders,
    });
    expect(active.json<{ items: Appointment[] }>().items.map((x) => x.status)).toEqual(['created']);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?${span}&includeCancelled=true`,
      headers: a.userHeaders,
    });
    expect(all.json<{ items: Appointment[] }>().items).toHaveLength(2);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appt.id}`,
      headers: a.userHeaders,
      payload: booking(a, { startsAt: monday('14:00') }),
    });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({ code: 'appointment-cancelled' });
  });

  it('refuses removing a professional with appointments (409)', async () => {
    const a = await buildAgenda();
    await book(a);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/professionals/${a.professional.id}`,
      headers: a.adminHeaders,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'professional-has-appointments' });
  });
});

describe('reading the agenda', () => {
  it('lists the free availabilities of a day, leaving out taken times (and not the one being moved)', async () => {
    const a = await buildAgenda();
    const appt = (await book(a, { startsAt: monday('09:00'), durationMinutes: 60 })).json<Appointment>();
    const url = `/api/professionals/${a.professional.id}/free-availabilities?categoryId=${a.category.id}&date=2030-01-07&durationMinutes=60`;
    const free = await t.app.inject({ method: 'GET', url, headers: a.userHeaders });
    expect(free.json<{ startsAt: string[] }>().startsAt).toEqual(
      ['10:00', '11:00', '13:00', '14:00', '15:00', '16:00'].map(monday),
    );
    const moving = await t.app.inject({
      method: 'GET',
      url: `${url}&excludeAppointmentId=${appt.id}`,
      headers: a.userHeaders,
    });
    expect(moving.json<{ startsAt: string[] }>().startsAt[0]).toBe(monday('09:00'));
    const sunday = await t.app.inject({
      method: 'GET',
      url: url.replace('2030-01-07', '2030-01-06'),
      headers: a.userHeaders,
    });
    expect(sunday.json<{ startsAt: string[] }>().startsAt).toEqual([]);
  });

  it('gives the time zone and opening hours the agenda is read in', async () => {
    const a = await buildAgenda();
    const res = await t.app.inject({ method: 'GET', url: '/api/agenda/settings', headers: a.userHeaders });
    expect(res.json()).toMatchObject({ timeZone: 'America/Toronto' });
  });

  it('refuses a span longer than the month view (400)', async () => {
    const a = await buildAgenda();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?from=2030-01-01T00:00:00Z&to=2030-06-01T00:00:00Z`,
      headers: a.userHeaders,
    });
    expect(res.statusCode).toBe(400);
  });

  it('tells the contacts module whether a contact has a scheduled appointment', async () => {
    const a = await buildAgenda();
    const appt = (await book(a)).json<Appointment>();
    expect(await hasScheduledAppointment(t.deps.db, a.org.id, appt.contactId!)).toBe(true);
    const other = await buildAgenda();
    expect(await hasScheduledAppointment(t.deps.db, other.org.id, appt.contactId!)).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: a.userHeaders,
    });
    expect(await hasScheduledAppointment(t.deps.db, a.org.id, appt.contactId!)).toBe(false);
  });
});

describe('tenancy', () => {
  it("answers 404 for another organisation's appointment, professional, category and contact", async () => {
    const mine = await buildAgenda();
    const theirs = await buildAgenda();
    const appt = (await book(theirs)).json<Appointment>();
    const h = mine.userHeaders;
    const requests = [
      { method: 'GET' as const, url: `/api/appointments/${appt.id}` },
      { method: 'PUT' as const, url: `/api/appointments/${appt.id}`, payload: booking(mine) },
      { method: 'POST' as const, url: `/api/appointments/${appt.id}/cancel` },
      { method: 'GET' as const, url: `/api/patients/${appt.contactId}/appointments` },
      {
        method: 'POST' as const,
        url: '/api/appointments',
        payload: booking(mine, { professionalId: theirs.professional.id, categoryId: theirs.category.id }),
      },
      {
        method: 'POST' as const,
        url: '/api/appointments',
        payload: booking(mine, { categoryId: theirs.category.id }),
      },
      {
        method: 'POST' as const,
        url: '/api/appointments',
        payload: booking(mine, { contactId: appt.contactId }),
      },
      {
        method: 'GET' as const,
        url: `/api/professionals/${theirs.professional.id}/free-availabilities?categoryId=${theirs.category.id}&date=2030-01-07&durationMinutes=30`,
      },
    ];
    for (const r of requests) {
      const res = await t.app.inject({ ...r, headers: h });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?from=${monday('00:00')}&to=${monday('23:59')}`,
      headers: h,
    });
    expect(list.json<{ items: Appointment[] }>().items).toEqual([]);
  });
});
