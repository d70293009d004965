import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarrierError, type CarrierStatusUpdate } from '../messaging-carrier';
import {
  createSandboxMessagingCarrier,
  SANDBOX_DELIVERY_DELAY_MS,
  SANDBOX_DELIVERY_REPEAT_MS,
} from './sandbox-messaging-carrier';
import type { SandboxDelivery, SandboxNetwork } from './sandbox-network';

/** An in-memory simulated network: what reached which phone, in which state. */
function memoryNetwork() {
  const phones: (SandboxDelivery & { id: string; status: string })[] = [];
  const marks: string[][] = [];
  const network: SandboxNetwork = {
    deliverToPhone: (text) => {
      const id = `sb-${phones.length + 1}`;
      phones.push({ ...text, id, status: 'sent' });
      return Promise.resolve({ id });
    },
    markDelivered: (ids) => {
      marks.push([...ids]);
      for (const row of phones) if (ids.includes(row.id)) row.status = 'delivered';
      return Promise.resolve();
    },
    knows: (id) => Promise.resolve(phones.some((row) => row.id === id)),
  };
  return { network, phones, marks };
}

describe('sandbox messaging carrier', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts the text on the phone, answers sent, then reports delivered after the delay', async () => {
    const { network, phones } = memoryNetwork();
    const statuses: CarrierStatusUpdate[] = [];
    const carrier = createSandboxMessagingCarrier({
      network,
      onStatuses: (u) => Promise.resolve(void statuses.push(...u)),
    });
    const sent = await carrier.send({ from: '+15145550100', to: '+15145551234', body: 'Bonjour' });
    expect(carrier.name).toBe('sandbox');
    expect(sent).toEqual({ carrierMessageId: 'sb-1', status: 'sent' });
    expect(phones).toEqual([
      { id: 'sb-1', from: '+15145550100', to: '+15145551234', body: 'Bonjour', status: 'sent' },
    ]);
    expect(statuses).toEqual([]);
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_DELAY_MS);
    expect(phones[0]?.status).toBe('delivered');
    expect(statuses).toEqual([{ carrier: 'sandbox', carrierMessageId: 'sb-1', status: 'delivered' }]);
    // Reported once more, in case the sender had not stored the id yet (idempotent downstream).
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_REPEAT_MS);
    expect(statuses).toHaveLength(2);
    expect(statuses[1]).toEqual(statuses[0]);
  });

  it('refuses a landline (number ending in 0000) with 30006, reaching no phone', async () => {
    const { network, phones } = memoryNetwork();
    const onStatuses = vi.fn(() => Promise.resolve());
    const carrier = createSandboxMessagingCarrier({ network, onStatuses });
    const error = await carrier
      .send({ from: '+15145550100', to: '+15145550000', body: 'Bonjour' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({
      kind: 'permanent',
      carrierCode: '30006',
      message: 'Unable to send text message',
    });
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_REPEAT_MS);
    expect(phones).toEqual([]);
    expect(onStatuses).not.toHaveBeenCalled();
  });

  it('maps a network failure to a temporary carrier error', async () => {
    const network: SandboxNetwork = {
      deliverToPhone: () => Promise.reject(new Error('db down')),
      markDelivered: () => Promise.resolve(),
      knows: () => Promise.resolve(false),
    };
    const carrier = createSandboxMessagingCarrier({ network, onStatuses: () => Promise.resolve() });
    await expect(carrier.send({ from: '+15145550100', to: '+15145551234', body: 'x' })).rejects.toMatchObject(
      { kind: 'temporary' },
    );
  });

  it('logs a failed status report instead of throwing it away silently', async () => {
    const { network } = memoryNetwork();
    const warn = vi.fn();
    const carrier = createSandboxMessagingCarrier({
      network,
      onStatuses: () => Promise.reject(new Error('boom')),
      log: { warn },
    });
    await carrier.send({ from: '+15145550100', to: '+15145551234', body: 'x' });
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_DELAY_MS);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ carrierMessageIds: ['sb-1'] }),
      'sandbox: reporting delivered failed',
    );
  });

  it('reports the texts due together in one batch, and those due while it is written in the next', async () => {
    const { network, phones, marks } = memoryNetwork();
    const batches: CarrierStatusUpdate[][] = [];
    let release: () => void = () => undefined;
    const carrier = createSandboxMessagingCarrier({
      network,
      onStatuses: (u) => {
        batches.push(u);
        // The first batch's write takes 100 ms (a busy database).
        return batches.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
    });
    for (let i = 0; i < 3; i++)
      await carrier.send({ from: '+15145550100', to: `+1514555123${i}`, body: 'x' });
    await vi.advanceTimersByTimeAsync(10);
    await carrier.send({ from: '+15145550100', to: '+15145551239', body: 'y' });
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_DELAY_MS - 10);
    expect(marks).toEqual([['sb-1', 'sb-2', 'sb-3']]);
    expect(batches.map((b) => b.map((u) => u.carrierMessageId))).toEqual([['sb-1', 'sb-2', 'sb-3']]);
    await vi.advanceTimersByTimeAsync(100);
    // sb-4 fell due while the first batch was written: it waits for it, then goes alone.
    expect(batches).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.map((u) => u.carrierMessageId))).toEqual([
      ['sb-1', 'sb-2', 'sb-3'],
      ['sb-4'],
    ]);
    expect(phones.every((p) => p.status === 'delivered')).toBe(true);
    // The repeats, 2 s after each send, batched the same way.
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_REPEAT_MS);
    expect(batches.slice(2).map((b) => b.map((u) => u.carrierMessageId))).toEqual([
      ['sb-1', 'sb-2', 'sb-3'],
      ['sb-4'],
    ]);
    expect(batches.flat().every((u) => u.status === 'delivered' && u.carrier === 'sandbox')).toBe(true);
  });

  it('tells a text it carries as delivered (its report may have been lost), and knows nothing of others', async () => {
    const { network, phones } = memoryNetwork();
    const carrier = createSandboxMessagingCarrier({ network, onStatuses: () => Promise.resolve() });
    const sent = await carrier.send({ from: '+15145550100', to: '+15145551234', body: 'x' });
    expect(await carrier.fetchStatus!(sent.carrierMessageId)).toEqual({
      carrier: 'sandbox',
      carrierMessageId: sent.carrierMessageId,
      status: 'delivered',
    });
    expect(phones[0]?.status).toBe('delivered');
    expect(await carrier.fetchStatus!('sb-unknown')).toBeNull();
  });
});
