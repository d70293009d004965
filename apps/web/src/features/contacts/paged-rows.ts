/**
 * The rows of pages read one after another (the contacts' All view), by index, without copying
 * them into one list: a copy each time a page came was 100,000 rows copied per page at the end
 * of a long list, a long task (and garbage) on the main thread.
 */
export interface PagedRows<T> {
  /** Rows read so far, all pages together. */
  readonly length: number;
  /** Row `index` (0-based over every page), or undefined past the rows read. */
  at(index: number): T | undefined;
}

/** `pages` in reading order; pages may hold different numbers of rows (O(pages) to build, O(log pages) per row). */
export function pagedRows<T>(pages: readonly { readonly items: readonly T[] }[]): PagedRows<T> {
  const starts: number[] = [];
  let length = 0;
  for (const page of pages) {
    starts.push(length);
    length += page.items.length;
  }
  return {
    length,
    at(index) {
      if (!Number.isInteger(index) || index < 0 || index >= length) return undefined;
      // The last page whose first row is at or before `index`.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (starts[mid]! <= index) low = mid;
        else high = mid - 1;
      }
      return pages[low]!.items[index - starts[low]!];
    },
  };
}
