import { z } from 'zod';

/**
 * The service's status as operators set it in /devops and every browser reads it (`GET
 * /api/status`, polled every 2 minutes and pushed live; docs/behaviour/service-status.md).
 */
export const SERVICE_STATUSES = [
  'operational',
  'under_maintenance',
  'degraded_performance',
  'partial_outage',
  'major_outage',
] as const;
export type ServiceStatusName = (typeof SERVICE_STATUSES)[number];

/** The banner's colour for each status (the spec's: success, info, warning, warning, error). */
export const SERVICE_STATUS_COLOURS = {
  operational: 'success',
  under_maintenance: 'info',
  degraded_performance: 'warning',
  partial_outage: 'warning',
  major_outage: 'error',
} as const satisfies Record<ServiceStatusName, 'success' | 'info' | 'warning' | 'error'>;
export type ServiceStatusColour = (typeof SERVICE_STATUS_COLOURS)[ServiceStatusName];

/** How often a browser asks the status (ms), besides the live push. */
export const SERVICE_STATUS_POLL_MS = 120_000;
/** A banner text's longest length, per locale (characters). */
export const SERVICE_STATUS_TEXT_MAX = 500;
/** A planned window's longest duration and longest display-ahead time (minutes): a week, 30 days. */
export const SERVICE_WINDOW_MAX_MINUTES = 7 * 24 * 60;
export const SERVICE_DISPLAY_AHEAD_MAX_MINUTES = 30 * 24 * 60;

const bannerText = z.string().trim().max(SERVICE_STATUS_TEXT_MAX);

/**
 * The status as set: its name; `enabled` (anything shown at all); `banner` (a bar above every
 * screen, in the status's colour); `overlay` (a full page that covers the app); `dismissable`
 * (the banner has a close button); `bannerText` per interface locale (blank: the status's own
 * sentence); a planned window (`nextWindowAt`, ISO instant, for `plannedDurationMinutes`) shown
 * `displayAheadMinutes` before it starts (null: at once); `updatedAt` (null: never set).
 */
export const serviceStatusSchema = z.object({
  status: z.enum(SERVICE_STATUSES),
  enabled: z.boolean(),
  banner: z.boolean(),
  overlay: z.boolean(),
  dismissable: z.boolean(),
  bannerText: z.object({ 'fr-CA': bannerText, 'en-CA': bannerText, 'fr-FR': bannerText }),
  nextWindowAt: z.iso.datetime({ offset: true }).nullable(),
  plannedDurationMinutes: z.number().int().min(1).max(SERVICE_WINDOW_MAX_MINUTES).nullable(),
  displayAheadMinutes: z.number().int().min(0).max(SERVICE_DISPLAY_AHEAD_MAX_MINUTES).nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** PUT /api/devops/status body: the whole status but `updatedAt`. */
export const updateServiceStatusSchema = serviceStatusSchema.omit({ updatedAt: true }).strict();
export type UpdateServiceStatus = z.infer<typeof updateServiceStatusSchema>;

/** The status of an installation nobody has set: operational, nothing shown. */
export const DEFAULT_SERVICE_STATUS: ServiceStatus = {
  status: 'operational',
  enabled: false,
  banner: true,
  overlay: false,
  dismissable: true,
  bannerText: { 'fr-CA': '', 'en-CA': '', 'fr-FR': '' },
  nextWindowAt: null,
  plannedDurationMinutes: null,
  displayAheadMinutes: null,
  updatedAt: null,
};

/** What a browser shows at an instant: the banner, the overlay, their colour and the planned window. */
export type ServiceNotice = {
  status: ServiceStatusName;
  colour: ServiceStatusColour;
  banner: boolean;
  overlay: boolean;
  /** The banner has a close button (never while the overlay covers the page). */
  dismissable: boolean;
  window: { startsAt: Date; endsAt: Date | null } | null;
};

const MINUTE_MS = 60_000;

/**
 * What `status` shows at `now` (null: nothing). Without a planned window, the banner and the
 * overlay show while enabled. With one, the banner shows from `displayAheadMinutes` before it
 * starts (null: at once) until it ends, and the overlay only during it; a window without a
 * duration never ends by itself. A window that has ended shows nothing.
 */
export function serviceNotice(status: ServiceStatus, now: Date): ServiceNotice | null {
  if (!status.enabled || (!status.banner && !status.overlay)) return null;
  const startsAt = status.nextWindowAt ? new Date(status.nextWindowAt) : null;
  const endsAt =
    startsAt && status.plannedDurationMinutes !== null
      ? new Date(startsAt.getTime() + status.plannedDurationMinutes * MINUTE_MS)
      : null;
  if (endsAt && now >= endsAt) return null;
  const shownFrom =
    startsAt && status.displayAheadMinutes !== null
      ? startsAt.getTime() - status.displayAheadMinutes * MINUTE_MS
      : -Infinity;
  if (now.getTime() < shownFrom) return null;
  const banner = status.banner;
  const overlay = status.overlay && (!startsAt || now >= startsAt);
  if (!banner && !overlay) return null;
  return {
    status: status.status,
    colour: SERVICE_STATUS_COLOURS[status.status],
    banner,
    overlay,
    dismissable: status.dismissable && !overlay,
    window: startsAt ? { startsAt, endsAt } : null,
  };
}
