// Bounded concurrency for work that waits on others (the database, a carrier), shared by the job queue and the bulk send.
/** `fn` over `items`, at most `lanes` at once; answers in the order of `items`. */
export async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const n = next++;
      out[n] = await fn(items[n]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  return out;
}
