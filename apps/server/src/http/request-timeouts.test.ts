import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { DEFAULT_REQUEST_TIMEOUTS, REQUEST_TIMEOUT_MS, requestTimeoutOptions } from './request-timeouts';

/** Short limits so that the test waits a fraction of a second; the production ones are checked below. */
const SHORT = { requestMs: 400, headersMs: 300, checkIntervalMs: 50 };

const t = useTestApp({}, { timeouts: SHORT });
let port = 0;
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

/** Opens a raw connection, writes `data`, and resolves with everything the server sent once it closes the connection. */
function sendAndAwaitClose(data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(data));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('time limits on requests', () => {
  it('closes a connection whose body never arrives whole, answering 408', async () => {
    const head =
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const received = await sendAndAwaitClose(`${head}{"username":`);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose headers never end', async () => {
    const received = await sendAndAwaitClose('GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a request that arrives whole', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/config`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
  });

  it('has limits by default (Fastify has none: requestTimeout 0)', () => {
    const options = requestTimeoutOptions();
    expect(options.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    for (const value of Object.values(DEFAULT_REQUEST_TIMEOUTS)) expect(value).toBeGreaterThan(0);
    expect(options.http.headersTimeout).toBeLessThanOrEqual(options.requestTimeout ?? 0);
    expect(options.connectionTimeout).toBeGreaterThan(45_000);
  });
});
