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
  const network: SandboxNetwork = {
    deliverToPhone: (text) => {
      const id = `sb-${phones.length + 1}`;
      phones.push({ ...text, id, status: 'sent' });
      return Promise.resolve({ id });
    },
    markDelivered: (id) => {
      const row = phones.find((p) => p.id === id);
      if (row) row.status = 'delivered';
      return Promise.resolve();
    },
  };
  return { network, phones };
}

describe('sandbox messaging carrier', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('puts the text on the phone, answers sent, then reports delivered after the delay', async () => {
    const { network, phones } = memoryNetwork();
    const statuses: CarrierStatusUpdate[] = [];
    const carrier = createSandboxMessagingCarrier({
      network,
      onStatus: (u) => Promise.resolve(void statuses.push(u)),
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
    const onStatus = vi.fn(() => Promise.resolve());
    const carrier = createSandboxMessagingCarrier({ network, onStatus });
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
    expect(onStatus).not.toHaveBeenCalled();
  });

  it('maps a network failure to a temporary carrier error', async () => {
    const network: SandboxNetwork = {
      deliverToPhone: () => Promise.reject(new Error('db down')),
      markDelivered: () => Promise.resolve(),
    };
    const carrier = createSandboxMessagingCarrier({ network, onStatus: () => Promise.resolve() });
    await expect(carrier.send({ from: '+15145550100', to: '+15145551234', body: 'x' })).rejects.toMatchObject(
      { kind: 'temporary' },
    );
  });

  it('logs a failed status report instead of throwing it away silently', async () => {
    const { network } = memoryNetwork();
    const warn = vi.fn();
    const carrier = createSandboxMessagingCarrier({
      network,
      onStatus: () => Promise.reject(new Error('boom')),
      log: { warn },
    });
    await carrier.send({ from: '+15145550100', to: '+15145551234', body: 'x' });
    await vi.advanceTimersByTimeAsync(SANDBOX_DELIVERY_DELAY_MS);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ carrierMessageId: 'sb-1' }),
      'sandbox: reporting delivered failed',
    );
  });
});
