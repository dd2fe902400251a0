import http from 'node:http';

/**
 * JSON API calls to the server under test, each from a chosen loopback source address. The
 * server limits some endpoints per client address (POST /member/v1/auth: 300 a minute), so the
 * benchmark spreads its many callers over 127.0.0.0/8 instead of loosening the server's limits;
 * no proxy header is involved (TRUST_PROXY stays off).
 */
export class Api {
  readonly #base: URL;
  readonly #agents = new Map<string, http.Agent>();

  constructor(baseUrl: string) {
    this.#base = new URL(baseUrl);
  }

  #agent(localAddress: string): http.Agent {
    let agent = this.#agents.get(localAddress);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      this.#agents.set(localAddress, agent);
    }
    return agent;
  }

  call(
    path: string,
    options: { body?: unknown; token?: string; from?: string; timeoutMs?: number } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const from = options.from ?? '127.0.0.1';
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.#base.hostname,
          port: this.#base.port,
          path,
          method: payload === undefined ? 'GET' : 'POST',
          headers,
          localAddress: from,
          agent: this.#agent(from),
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: Record<string, unknown> = {};
            try {
              body = JSON.parse(text) as Record<string, unknown>;
            } catch {
              body = { text };
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  async ok(
    path: string,
    expected: number,
    options: Parameters<Api['call']>[1] = {},
  ): Promise<Record<string, unknown>> {
    const res = await this.call(path, options);
    if (res.status !== expected) {
      throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    }
    return res.body;
  }

  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}

/** The i-th of 253 loopback source addresses (127.0.0.2 … 127.0.0.254). */
export const loopbackAddress = (i: number): string => `127.0.0.${2 + (i % 253)}`;

/** Signs up a fresh host account (a random tag: runs never collide) and signs it in: its token. */
export async function signUpHost(api: Api): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 8);
  const email = `bench-${tag}@example.test`;
  const password = `bench-${tag}-password`;
  await api.ok('/api/v1/user/signup', 201, {
    body: { email, username: `bench_${tag}`, password, full_name: 'Bench Host' },
  });
  const login = await api.ok('/api/v1/user/session/new', 200, {
    body: { username: email, password },
  });
  return String(login.authorization);
}
