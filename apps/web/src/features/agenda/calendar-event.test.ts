import { describe, expect, it } from 'vitest';
import { Views } from 'react-big-calendar';
import { availabilityBlocks, visibleSpan } from './calendar-event';

const category = {
  id: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f63',
  professionalId: '7d0c9b1e-4f7a-4c38-9a7e-1b2c3d4e5f61',
  label: 'Examens',
  colour: '#1c7ed6',
  ranges: [
    { day: 6, start: '09:00', end: '12:00' },
    { day: 1, start: '13:30', end: '17:00' },
  ],
};

describe('availabilityBlocks', () => {
  it("draws each range on its weekday's dates of the span, in its professional's column", () => {
    // Saturday 28 to Monday 30 November 2026 (end excluded).
    const blocks = availabilityBlocks([category], {
      start: new Date(2026, 10, 28),
      end: new Date(2026, 10, 30, 12),
    });
    expect(blocks.map((b) => [b.start, b.end, b.resourceId, b.title, b.appointment])).toEqual([
      [new Date(2026, 10, 28, 9), new Date(2026, 10, 28, 12), category.professionalId, 'Examens', null],
      [new Date(2026, 10, 30, 13, 30), new Date(2026, 10, 30, 17), category.professionalId, 'Examens', null],
    ]);
    expect(new Set(blocks.map((b) => b.id)).size).toBe(2);
  });

  it('draws nothing for a span without the ranges’ weekdays', () => {
    expect(
      availabilityBlocks([category], { start: new Date(2026, 10, 24), end: new Date(2026, 10, 27) }),
    ).toEqual([]);
  });
});

describe('visibleSpan', () => {
  it('is the day itself in the day view', () => {
    expect(visibleSpan(Views.DAY, new Date(2026, 10, 28, 15))).toEqual({
      start: new Date(2026, 10, 28),
      end: new Date(2026, 10, 29),
    });
  });

  it('pads a month with its leading and trailing weeks', () => {
    const span = visibleSpan(Views.MONTH, new Date(2026, 10, 28));
    expect(span.start).toEqual(new Date(2026, 9, 25));
    expect(span.end).toEqual(new Date(2026, 11, 8));
  });
});
