// A minimal keep-alive HTTP POST for load generation (lighter than fetch at 1,000+/s).
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** POSTs `body` to `url`; resolves with the status code once the answer is read. */
export function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the idle keep-alive connections (end of a run). */
export const closeConnections = () => agent.destroy();
