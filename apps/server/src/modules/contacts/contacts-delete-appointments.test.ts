import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAgenda } from '../../test/agenda-factories';
import { buildContact, randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

/** Deleting a contact is refused while one of its appointments is booked or under way (docs/behaviour/agenda.md). */
describe('deleting a contact with a scheduled appointment', () => {
  it('is refused (400 contact-has-appointment), for the contact and for its main contact; allowed once it is cancelled', async () => {
    const a = await buildAgenda();
    const startsAt = new Date('2030-01-07T10:00:00-05:00').toISOString();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: a.userHeaders,
      payload: {
        professionalId: a.professional.id,
        categoryId: a.category.id,
        service: 'Nettoyage',
        startsAt,
        durationMinutes: 30,
        firstName: 'Léa',
        lastName: 'Bouchard',
        phone: randomPhoneNumber(),
        gender: 'female',
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json<{ id: string; contactId: string }>();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${appt.contactId}`,
      headers: a.userHeaders,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact-has-appointment',
      message: 'A contact with a scheduled appointment cannot be deleted.',
    });
    // A linked contact's appointment keeps its main contact too (deleting it would delete them both).
    const main = await buildContact({ organizationId: a.org.id });
    await t.deps.db.execute(
      sql`update contacts set linked_to_id = ${main.id}, relation = 'son', phone = ${main.phone} where id = ${appt.contactId}`,
    );
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/contacts/${main.id}`, headers: a.userHeaders })
      ).json(),
    ).toMatchObject({ code: 'contact-has-appointment' });
    await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: a.userHeaders,
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/contacts/${main.id}`, headers: a.userHeaders }))
        .statusCode,
    ).toBe(204);
  });
});

describe('deleting a contact whose appointment is under way', () => {
  it('is refused while it has started and not ended, allowed once it has ended', async () => {
    const a = await buildAgenda();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: a.userHeaders,
      payload: {
        professionalId: a.professional.id,
        categoryId: a.category.id,
        service: 'Nettoyage',
        startsAt: new Date('2030-01-07T10:00:00-05:00').toISOString(),
        durationMinutes: 30,
        firstName: 'Léa',
        lastName: 'Bouchard',
        phone: randomPhoneNumber(),
        gender: 'female',
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json<{ id: string; contactId: string }>();
    // Started ten minutes ago, ends in twenty.
    await t.deps.db.execute(
      sql`update appointments set starts_at = now() - interval '10 minutes', ends_at = now() + interval '20 minutes' where id = ${appt.id}`,
    );
    const del = () =>
      t.app.inject({ method: 'DELETE', url: `/api/contacts/${appt.contactId}`, headers: a.userHeaders });
    const refused = await del();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'contact-has-appointment',
      details: { contactId: appt.contactId },
    });
    // Ended a minute ago: nothing scheduled any more.
    await t.deps.db.execute(
      sql`update appointments set starts_at = now() - interval '31 minutes', ends_at = now() - interval '1 minute' where id = ${appt.id}`,
    );
    expect((await del()).statusCode).toBe(204);
  });
});
