import { describe, expect, it } from 'vitest';
import { buildOrganization, randomPhoneNumber } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { claimBatchSlots, claimSendSlots, deferredBeyondHorizon } from './send-slots';

/**
 * Per-number send slots (`claimSendSlots`): a number's slots are handed out one interval apart,
 * each once, only within the horizon a claim asks for; a batch's texts take their number's slots
 * in order and those beyond get a later instant, spread out.
 */
const t = useTestApp();

/**
 * How far a slot may sit from its exact place here: each claim's instants are read on this
 * process's clock when its answer is handled, which a loaded machine delays; the slots are 1 s apart.
 */
const JITTER_MS = 300;

/** Each instant's place on the grid of `everyMs` from the first (the slots' indexes), asserting it sits on it. */
function gridOf(instants: readonly number[], everyMs: number): number[] {
  const first = Math.min(...instants);
  return instants.map((at) => {
    const place = Math.round((at - first) / everyMs);
    expect(Math.abs(at - first - place * everyMs)).toBeLessThan(JITTER_MS);
    return place;
  });
}

describe('claiming a number’s send slots', () => {
  it('hands out consecutive slots one interval apart, only those within the horizon', async () => {
    const org = await buildOrganization();
    const from = randomPhoneNumber();
    const first = await claimSendSlots(t.deps.db, org.id, from, 5, 1, 2_000);
    expect(first.at).toHaveLength(3); // now, +1 s, +2 s
    expect(first.at[0]).toBeLessThanOrEqual(Date.now()); // the first is due at once
    expect(gridOf(first.at, 1000)).toEqual([0, 1, 2]);
    expect(first.nextFreeAt - first.at[0]!).toBeGreaterThan(3000 - JITTER_MS);

    const none = await claimSendSlots(t.deps.db, org.id, from, 2, 1, 1_000);
    expect(none.at).toEqual([]);
    expect(Math.abs(none.nextFreeAt - first.nextFreeAt)).toBeLessThan(JITTER_MS);

    const far = await claimSendSlots(t.deps.db, org.id, from, 1, 1, Number.MAX_SAFE_INTEGER);
    expect(gridOf([first.at[0]!, far.at[0]!], 1000)).toEqual([0, 3]);

    // Another number, or the same number of another organisation, has slots of its own.
    const other = await claimSendSlots(t.deps.db, org.id, randomPhoneNumber(), 1, 1, 0);
    const elsewhere = await claimSendSlots(t.deps.db, (await buildOrganization()).id, from, 1, 1, 0);
    expect(other.at).toHaveLength(1);
    expect(elsewhere.at).toHaveLength(1);
  });

  it('never gives one slot to two claims made at once', async () => {
    const org = await buildOrganization();
    const from = randomPhoneNumber();
    const claims = await Promise.all(
      Array.from({ length: 12 }, () => claimSendSlots(t.deps.db, org.id, from, 2, 1, 60_000)),
    );
    const places = gridOf(
      claims.flatMap((c) => c.at),
      1000,
    );
    expect(places.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  });

  it('lets a batch’s texts within the horizon go, the rest later one interval apart, then gives them their slots in order', async () => {
    const org = await buildOrganization();
    const [a, b] = [randomPhoneNumber(), randomPhoneNumber()];
    const rated = { ...t.deps, messaging: { ...t.deps.messaging, sendsPerSecondPerNumber: 1 } };
    const busy = await claimSendSlots(t.deps.db, org.id, a, 2, 1, 10_000); // number a: taken for 2 s
    const before = busy.at[0]!;
    const froms = [a, a, b, null, ...Array.from({ length: 4 }, () => a)];
    const deferred = await deferredBeyondHorizon(rated, org.id, froms);
    // Number a: free in 2 s, so 4 of its 6 texts within the 5 s horizon (2…5 s); 2 later (6 s, 7 s).
    expect(deferred.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(deferred.slice(6).map((at) => Math.round((at! - before) / 1000))).toEqual([6, 7]);

    const at = await claimBatchSlots(rated, org.id, [a, b, a, null]);
    expect(gridOf([before, at[0]!, at[2]!], 1000)).toEqual([0, 2, 3]);
    expect(at[1]).toBeLessThanOrEqual(Date.now()); // number b: free now
    expect(at[3]).toBe(0); // no number: nothing claimed

    // Without a carrier's rate: every text at once, nothing read or written.
    expect(await deferredBeyondHorizon(t.deps, org.id, [a, a])).toEqual([null, null]);
    expect(await claimBatchSlots(t.deps, org.id, [a, a])).toEqual([0, 0]);
  });
});
