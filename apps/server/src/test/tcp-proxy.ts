import { createServer, connect, type Socket } from 'node:net';

/** One proxied connection: the client's side and the server's side. */
type Pair = { client: Socket; upstream: Socket };

/** A running proxy; `cutRandom`/`startChaos` cut live connections, `stats` counts them. */
export type ChaosProxy = {
  /** `http://127.0.0.1:<port>` of the proxy. */
  url: string;
  /** Connections accepted so far and connections cut on purpose. */
  stats: { connections: number; cuts: number };
  /** Connections open right now. */
  live(): number;
  /** Destroys both sides of `ceil(fraction × live)` connections picked at random; returns how many. */
  cutRandom(fraction: number): number;
  /** Calls `cutRandom(fraction)` every `everyMs` until `stopChaos()`. */
  startChaos(everyMs: number, fraction: number): void;
  stopChaos(): void;
  /** Stops accepting and destroys every connection. */
  close(): Promise<void>;
};

/**
 * A small TCP proxy for the reliability tests (realtime through drops): what a load
 * balancer or a flaky network does to long-lived websockets. Each accepted connection goes to
 * the next of `upstreams` (round robin, no stickiness) and is piped both ways; a cut destroys
 * both sides at once, as a reset would, so neither end waits for a timeout to notice.
 */
export async function startTcpProxy(upstreams: { host: string; port: number }[]): Promise<ChaosProxy> {
  if (upstreams.length === 0) throw new Error('startTcpProxy: no upstream');
  const pairs = new Set<Pair>();
  const stats = { connections: 0, cuts: 0 };
  let next = 0;
  let chaos: NodeJS.Timeout | null = null;

  const server = createServer((client) => {
    const target = upstreams[next++ % upstreams.length]!;
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    stats.connections += 1;
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const side of [client, upstream]) {
      side.setNoDelay(true);
      side.on('error', end);
      side.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('startTcpProxy: no port');

  function cutRandom(fraction: number): number {
    const live = [...pairs];
    const count = Math.min(live.length, Math.ceil(live.length * fraction));
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(Math.random() * (live.length - i));
      [live[i], live[j]] = [live[j]!, live[i]!];
      live[i]!.client.destroy();
      live[i]!.upstream.destroy();
      pairs.delete(live[i]!);
    }
    stats.cuts += count;
    return count;
  }

  return {
    url: `http://127.0.0.1:${address.port}`,
    stats,
    live: () => pairs.size,
    cutRandom,
    startChaos(everyMs, fraction) {
      chaos ??= setInterval(() => cutRandom(fraction), everyMs);
    },
    stopChaos() {
      if (chaos) clearInterval(chaos);
      chaos = null;
    },
    close() {
      if (chaos) clearInterval(chaos);
      chaos = null;
      for (const p of pairs) {
        p.client.destroy();
        p.upstream.destroy();
      }
      pairs.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
