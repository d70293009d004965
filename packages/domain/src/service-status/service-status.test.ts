import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_STATUS,
  serviceNotice,
  updateServiceStatusSchema,
  type ServiceStatus,
} from './service-status';

const status = (over: Partial<ServiceStatus>): ServiceStatus => ({
  ...DEFAULT_SERVICE_STATUS,
  enabled: true,
  ...over,
});
const at = (iso: string) => new Date(iso);

describe('serviceNotice', () => {
  it('shows nothing when disabled, or when neither banner nor overlay is asked', () => {
    expect(serviceNotice(DEFAULT_SERVICE_STATUS, at('2026-12-01T10:00:00Z'))).toBeNull();
    expect(serviceNotice(status({ banner: false, overlay: false }), at('2026-12-01T10:00:00Z'))).toBeNull();
  });

  it('colours the banner by status, as the spec lists them', () => {
    const colours = (
      ['operational', 'under_maintenance', 'degraded_performance', 'partial_outage', 'major_outage'] as const
    ).map((s) => serviceNotice(status({ status: s }), at('2026-12-01T10:00:00Z'))?.colour);
    expect(colours).toEqual(['success', 'info', 'warning', 'warning', 'error']);
  });

  it('without a window: banner and overlay at once; no close button over the overlay', () => {
    expect(
      serviceNotice(status({ status: 'major_outage', overlay: true }), at('2026-12-01T10:00:00Z')),
    ).toEqual({
      status: 'major_outage',
      colour: 'error',
      banner: true,
      overlay: true,
      dismissable: false,
      window: null,
    });
  });

  it('a planned window: the banner from the display-ahead time, the overlay during the window, nothing after', () => {
    const planned = status({
      status: 'under_maintenance',
      overlay: true,
      nextWindowAt: '2026-12-06T07:00:00.000Z',
      plannedDurationMinutes: 90,
      displayAheadMinutes: 24 * 60,
    });
    expect(serviceNotice(planned, at('2026-12-05T06:59:59Z'))).toBeNull();
    expect(serviceNotice(planned, at('2026-12-05T07:00:00Z'))).toMatchObject({
      banner: true,
      overlay: false,
      dismissable: true,
      window: { startsAt: at('2026-12-06T07:00:00Z'), endsAt: at('2026-12-06T08:30:00Z') },
    });
    expect(serviceNotice(planned, at('2026-12-06T07:00:00Z'))).toMatchObject({
      overlay: true,
      dismissable: false,
    });
    expect(serviceNotice(planned, at('2026-12-06T08:29:59Z'))).toMatchObject({ overlay: true });
    expect(serviceNotice(planned, at('2026-12-06T08:30:00Z'))).toBeNull();
  });

  it('a window without display-ahead shows at once; one without a duration does not end by itself', () => {
    const open = status({
      nextWindowAt: '2026-12-06T07:00:00.000Z',
      plannedDurationMinutes: null,
      displayAheadMinutes: null,
    });
    expect(serviceNotice(open, at('2026-11-30T00:00:00Z'))).toMatchObject({
      banner: true,
      window: { endsAt: null },
    });
    expect(serviceNotice(open, at('2027-01-01T00:00:00Z'))).toMatchObject({ banner: true });
  });

  it('an overlay-only status planned later shows nothing before its window', () => {
    const later = status({
      banner: false,
      overlay: true,
      nextWindowAt: '2026-12-06T07:00:00.000Z',
      plannedDurationMinutes: 30,
    });
    expect(serviceNotice(later, at('2026-12-06T06:00:00Z'))).toBeNull();
    expect(serviceNotice(later, at('2026-12-06T07:10:00Z'))).toMatchObject({ banner: false, overlay: true });
  });
});

describe('the status an operator sends', () => {
  const valid = { ...DEFAULT_SERVICE_STATUS, updatedAt: undefined };
  delete valid.updatedAt;

  it('accepts a whole status and trims the texts', () => {
    const parsed = updateServiceStatusSchema.parse({
      ...valid,
      bannerText: { 'fr-CA': ' Entretien ', 'en-CA': '', 'fr-FR': '' },
    });
    expect(parsed.bannerText['fr-CA']).toBe('Entretien');
  });

  it('refuses an unknown status, a text too long, a window of more than a week, an unknown field', () => {
    expect(updateServiceStatusSchema.safeParse({ ...valid, status: 'down' }).success).toBe(false);
    expect(
      updateServiceStatusSchema.safeParse({
        ...valid,
        bannerText: { ...valid.bannerText, 'en-CA': 'x'.repeat(501) },
      }).success,
    ).toBe(false);
    expect(
      updateServiceStatusSchema.safeParse({ ...valid, plannedDurationMinutes: 7 * 24 * 60 + 1 }).success,
    ).toBe(false);
    expect(updateServiceStatusSchema.safeParse({ ...valid, nextWindowAt: 'demain' }).success).toBe(false);
    expect(updateServiceStatusSchema.safeParse({ ...valid, colour: 'red' }).success).toBe(false);
  });
});
