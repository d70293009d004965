import {
  AppError,
  findOverlappingRanges,
  rangesOutsideOpeningHours,
  type AvailabilityRange,
  type DaySchedule,
} from '@accueil/domain';

/**
 * The rules of a category's ranges beyond their shape: no two overlap, each fits the opening hours.
 * @throws AppError 'availability-overlap' (`details.ranges`: the two indexes);
 *   'availability-outside-hours' (`details.ranges`: the indexes that do not fit).
 */
export function checkCategoryRanges(
  ranges: readonly AvailabilityRange[],
  openingHours: readonly DaySchedule[],
): void {
  const overlap = findOverlappingRanges(ranges);
  if (overlap)
    throw new AppError('availability-overlap', 'Time ranges in a category must not overlap', {
      ranges: overlap,
    });
  const outside = rangesOutsideOpeningHours(ranges, openingHours);
  if (outside.length)
    throw new AppError('availability-outside-hours', 'Time ranges must fit the opening hours', {
      ranges: outside,
    });
}
