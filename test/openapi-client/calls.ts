/**
 * Calls through openapi-fetch typed by the client openapi-typescript generates from the current OpenAPI
 * document (test/openapi-client.test.ts writes it to the git-ignored generated/ beside this file, then
 * type-checks this file with tsconfig.json here and runs it). The typed declarations below are the point: a
 * document whose types no longer fit them fails that check. The project's own typecheck leaves this folder
 * out, since generated/ exists only after the test ran.
 */
import createClient from 'openapi-fetch';
import { expect } from 'vitest';
import type { paths } from './generated/api.js';

const client = (baseUrl: string) => createClient<paths>({ baseUrl });

export async function listsTheCatalogAndReadsACaptcha(baseUrl: string): Promise<void> {
  const api = client(baseUrl);
  const list = await api.GET('/API/vrProperties/V1/vrProperties.json', {
    params: { query: { limit: '5' } },
  });
  expect(list.response.status).toBe(200);
  const page: { items: { propertyId: number; propertyName: string }[]; total: number } | undefined =
    list.data;
  expect(page?.items.length).toBeGreaterThan(0);
  expect(page?.items.length).toBeLessThanOrEqual(5);
  expect(typeof page?.total).toBe('number');

  const captcha = await api.GET('/API/publicBooking/V1/captcha.json');
  expect(captcha.response.status).toBe(200);
  const question: string | undefined = captcha.data?.question;
  expect(question).toEqual(expect.any(String));
  expect(captcha.data?.captcha_sum).toEqual(expect.any(String));
}

export async function readsAMissingPropertyAsAProblem(baseUrl: string): Promise<void> {
  const one = await client(baseUrl).GET('/API/vrProperties/V1/vrProperties/{id}.json', {
    params: { path: { id: '999999' } },
  });
  expect(one.response.status).toBe(404);
  const status: number | undefined = one.error?.status;
  expect(status).toBe(404);
}
