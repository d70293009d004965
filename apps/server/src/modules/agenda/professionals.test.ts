import {
  defaultSchedule,
  type AgendaSettings,
  type AvailabilityCategory,
  type Professional,
} from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAgenda } from '../../test/agenda-factories';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const dentist = {
  firstName: 'Marc',
  lastName: 'Roy',
  profession: 'Dentist',
  expertise: 'Implants',
  yearsOfExperience: 7,
  languages: ['fr'],
};
const category = { label: 'Checkup', colour: '#2f9e44', ranges: [{ day: 2, start: '09:00', end: '11:00' }] };

describe('professionals', () => {
  it('lets an administrator add, read, list, edit and remove a professional', async () => {
    const { adminHeaders } = await buildAgenda();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/professionals',
      headers: adminHeaders,
      payload: dentist,
    });
    expect(created.statusCode).toBe(201);
    const pro = created.json<Professional>();
    expect(pro).toMatchObject({ ...dentist, fullname: 'Marc Roy' });

    const list = await t.app.inject({ method: 'GET', url: '/api/professionals', headers: adminHeaders });
    expect(list.json<{ items: Professional[] }>().items.map((p) => p.lastName)).toEqual(['Gagnon', 'Roy']);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/professionals/${pro.id}`,
      headers: adminHeaders,
      payload: { ...dentist, yearsOfExperience: 8, languages: ['fr', 'en'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Professional>()).toMatchObject({ yearsOfExperience: 8, languages: ['fr', 'en'] });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/professionals/${pro.id}`,
      headers: adminHeaders,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/professionals/${pro.id}`, headers: adminHeaders }))
        .statusCode,
    ).toBe(404);
  });

  it('requires profession, expertise and at least one language', async () => {
    const { adminHeaders } = await buildAgenda();
    for (const payload of [
      { ...dentist, profession: '  ' },
      { ...dentist, expertise: '' },
      { ...dentist, languages: [] },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/professionals',
        headers: adminHeaders,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
  });

  it('lets a user read professionals and categories but not change them (403)', async () => {
    const { userHeaders, professional, category: cat } = await buildAgenda();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/professionals', headers: userHeaders })).statusCode,
    ).toBe(200);
    const writes = [
      { method: 'POST' as const, url: '/api/professionals', payload: dentist },
      { method: 'PUT' as const, url: `/api/professionals/${professional.id}`, payload: dentist },
      { method: 'DELETE' as const, url: `/api/professionals/${professional.id}` },
      {
        method: 'POST' as const,
        url: `/api/professionals/${professional.id}/availability-categories`,
        payload: category,
      },
      { method: 'PUT' as const, url: `/api/availability-categories/${cat.id}`, payload: category },
      { method: 'DELETE' as const, url: `/api/availability-categories/${cat.id}` },
    ];
    for (const w of writes) {
      const res = await t.app.inject({ ...w, headers: userHeaders });
      expect(res.statusCode, `${w.method} ${w.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it("answers 404 for another organisation's professional and category, and lists none of them", async () => {
    const mine = await buildAgenda();
    const theirs = await buildAgenda();
    const h = mine.adminHeaders;
    const requests = [
      { method: 'GET' as const, url: `/api/professionals/${theirs.professional.id}` },
      { method: 'PUT' as const, url: `/api/professionals/${theirs.professional.id}`, payload: dentist },
      { method: 'DELETE' as const, url: `/api/professionals/${theirs.professional.id}` },
      {
        method: 'POST' as const,
        url: `/api/professionals/${theirs.professional.id}/availability-categories`,
        payload: category,
      },
      {
        method: 'PUT' as const,
        url: `/api/availability-categories/${theirs.category.id}`,
        payload: category,
      },
      { method: 'DELETE' as const, url: `/api/availability-categories/${theirs.category.id}` },
    ];
    for (const r of requests) {
      const res = await t.app.inject({ ...r, headers: h });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/professionals', headers: h });
    expect(list.json<{ items: Professional[] }>().items.map((p) => p.id)).toEqual([mine.professional.id]);
    const cats = await t.app.inject({
      method: 'GET',
      url: `/api/availability-categories?professionalId=${theirs.professional.id}`,
      headers: h,
    });
    expect(cats.json<{ items: AvailabilityCategory[] }>().items).toEqual([]);
  });
});

describe('availability categories', () => {
  it('adds, lists, edits and removes a category with its colour and ranges', async () => {
    const { adminHeaders, professional } = await buildAgenda();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/professionals/${professional.id}/availability-categories`,
      headers: adminHeaders,
      payload: category,
    });
    expect(created.statusCode).toBe(201);
    const cat = created.json<AvailabilityCategory>();
    expect(cat).toMatchObject({ ...category, professionalId: professional.id });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/availability-categories?professionalId=${professional.id}`,
      headers: adminHeaders,
    });
    expect(list.json<{ items: AvailabilityCategory[] }>().items.map((c) => c.label)).toEqual([
      'Checkup',
      'Cleaning',
    ]);

    const ranges = [
      { day: 3, start: '13:00', end: '14:30' },
      { day: 3, start: '14:30', end: '16:00' },
    ];
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/availability-categories/${cat.id}`,
      headers: adminHeaders,
      payload: { ...category, colour: '#e8590c', ranges },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<AvailabilityCategory>()).toMatchObject({ colour: '#e8590c', ranges });

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/availability-categories/${cat.id}`,
          headers: adminHeaders,
        })
      ).statusCode,
    ).toBe(204);
  });

  it('refuses overlapping ranges in one category (422 availability-overlap)', async () => {
    const { adminHeaders, professional } = await buildAgenda();
    const ranges = [
      { day: 1, start: '09:00', end: '10:30' },
      { day: 2, start: '09:00', end: '10:00' },
      { day: 1, start: '10:00', end: '11:00' },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/professionals/${professional.id}/availability-categories`,
      headers: adminHeaders,
      payload: { ...category, ranges },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'availability-overlap', details: { ranges: [0, 2] } });
  });

  it('refuses ranges outside the opening hours: a closed day, before opening, after closing (422)', async () => {
    const { adminHeaders, professional } = await buildAgenda();
    for (const range of [
      { day: 0, start: '10:00', end: '11:00' },
      { day: 1, start: '08:30', end: '10:00' },
      { day: 5, start: '16:00', end: '17:30' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/professionals/${professional.id}/availability-categories`,
        headers: adminHeaders,
        payload: { ...category, ranges: [range] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'availability-outside-hours', details: { ranges: [0] } });
    }
  });

  it('refuses the same ranges on PUT: overlapping, or outside the opening hours, and keeps the category as it was', async () => {
    const { adminHeaders, category: cat } = await buildAgenda();
    const put = (ranges: { day: number; start: string; end: string }[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/availability-categories/${cat.id}`,
        headers: adminHeaders,
        payload: { ...category, ranges },
      });
    const overlap = await put([
      { day: 1, start: '09:00', end: '10:30' },
      { day: 2, start: '09:00', end: '10:00' },
      { day: 1, start: '10:00', end: '11:00' },
    ]);
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json()).toMatchObject({ code: 'availability-overlap', details: { ranges: [0, 2] } });
    for (const range of [
      { day: 0, start: '10:00', end: '11:00' },
      { day: 1, start: '08:30', end: '10:00' },
      { day: 5, start: '16:00', end: '17:30' },
    ]) {
      const res = await put([{ day: 2, start: '09:00', end: '10:00' }, range]);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'availability-outside-hours', details: { ranges: [1] } });
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/availability-categories?professionalId=${cat.professionalId}`,
      headers: adminHeaders,
    });
    expect(list.json<{ items: AvailabilityCategory[] }>().items).toMatchObject([
      { id: cat.id, label: cat.label, ranges: cat.ranges },
    ]);
  });

  it('fits the ranges to the organisation’s own schedule once it has one: Saturday mornings, a lunch break', async () => {
    const { org, adminHeaders, professional } = await buildAgenda();
    const schedule = defaultSchedule();
    schedule.week[6] = { day: 6, enabled: true, start: '08:00', end: '12:00', breaks: [] };
    schedule.week[2]!.breaks = [{ start: '12:00', end: '13:00' }];
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/organizations/${org.id}/schedule`,
          headers: adminHeaders,
          payload: schedule,
        })
      ).statusCode,
    ).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/agenda/settings',
      headers: adminHeaders,
    });
    expect(settings.json<AgendaSettings>().openingHours).toEqual(schedule.week);

    const url = `/api/professionals/${professional.id}/availability-categories`;
    const saturday = await t.app.inject({
      method: 'POST',
      url,
      headers: adminHeaders,
      payload: { ...category, ranges: [{ day: 6, start: '08:00', end: '12:00' }] },
    });
    expect(saturday.statusCode).toBe(201);
    const overLunch = await t.app.inject({
      method: 'POST',
      url,
      headers: adminHeaders,
      payload: {
        ...category,
        ranges: [
          { day: 2, start: '09:00', end: '11:00' },
          { day: 2, start: '11:30', end: '12:30' },
        ],
      },
    });
    expect(overLunch.statusCode).toBe(422);
    expect(overLunch.json()).toMatchObject({ code: 'availability-outside-hours', details: { ranges: [1] } });
  });

  it('needs at least one range, start before end, and a #rrggbb colour (400)', async () => {
    const { adminHeaders, professional } = await buildAgenda();
    for (const payload of [
      { ...category, ranges: [] },
      { ...category, ranges: [{ day: 1, start: '11:00', end: '10:00' }] },
      { ...category, colour: 'blue' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/professionals/${professional.id}/availability-categories`,
        headers: adminHeaders,
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
