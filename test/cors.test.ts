/** CORS over HTTP: only the listed origins are answered, with credentials; any other origin gets no CORS headers. */
import { describe, expect, it } from 'vitest';
import { API_URL } from './support/client.js';

const listed = new URL(API_URL).origin;

async function preflight(origin: string) {
  return fetch(`${API_URL}/API/adminProperties/V1/properties.json`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    },
  });
}

describe('CORS', () => {
  it('answers a listed origin by name, with credentials and the headers clients send', async () => {
    const res = await preflight(listed);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(listed);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('never reflects an origin that is not listed, nor null', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const get = await fetch(`${API_URL}/API/siteSettings/V1/settings.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a listed origin read the retry and idempotency headers', async () => {
    const res = await fetch(`${API_URL}/API/siteSettings/V1/settings.json`, { headers: { origin: listed } });
    expect(res.headers.get('access-control-expose-headers')).toContain('Idempotent-Replayed');
  });
});
