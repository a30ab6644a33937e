/** The contract check the test Client runs after every answer (test/support/contract.ts), and its coverage. */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../functions/registry.js';
import { buildOpenApiDocument } from '../infra/openapi.js';
import { contractMismatch } from './support/contract.js';

const answer = (over: Partial<Parameters<typeof contractMismatch>[0]>) =>
  contractMismatch({
    method: 'GET',
    path: '/API/publicBooking/V1/captcha.json',
    status: 200,
    contentType: 'application/json',
    body: { question: 'What is 2 + 3?', captcha_sum: 'token', expiresIn: 600 },
    text: '',
    ...over,
  });
const problem = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'x', requestId: 'r' };

describe('the contract check', () => {
  it('every operation documents the fields of its success answer (a binary one: its media type)', () => {
    expect(ROUTES.filter((r) => !r.response && !r.binaryResponse).map((r) => r.id)).toEqual([]);
  });

  it('accepts a documented answer and ignores paths that are no operation', () => {
    expect(answer({})).toBeUndefined();
    expect(answer({ path: '/API/nothing/V1/here.json', status: 404 })).toBeUndefined();
    expect(answer({ method: 'POST', status: 405 })).toBeUndefined();
  });

  it('refuses a status the document does not list', () => {
    expect(answer({ status: 404, contentType: 'application/problem+json', body: problem })).toMatch(
      /does not list/,
    );
  });

  it('refuses a success body that does not match the documented schema', () => {
    expect(answer({ body: { question: 1 } })).toMatch(/question/);
  });

  it('refuses an error that is not a problem+json Problem', () => {
    const vrGet = '/API/vrProperties/V1/vrProperties/2001.json';
    expect(answer({ path: vrGet, status: 404, contentType: 'application/json', body: problem })).toMatch(
      /problem\+json/,
    );
    expect(
      answer({ path: vrGet, status: 404, contentType: 'application/problem+json', body: { title: 'x' } }),
    ).toMatch(/documented schema/);
    expect(answer({ path: vrGet, status: 404, contentType: 'application/problem+json', body: problem })).toBe(
      undefined,
    );
  });

  it('checks an answer documented as text/calendar by its media type and text, not as JSON', () => {
    const feed = { method: 'GET', path: '/API/ical/V1/2001.ics', status: 200, body: { raw: 'x' } };
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    expect(answer({ ...feed, contentType: 'text/calendar; charset=utf-8', text: calendar })).toBeUndefined();
    expect(answer({ ...feed, contentType: 'application/json', text: '"x"', body: 'x' })).toMatch(
      /not text\/calendar/,
    );
  });

  it('documents the iCal feed as text/calendar, a string', () => {
    const doc = buildOpenApiDocument(ROUTES);
    const feed = (
      doc.paths['/API/ical/V1/{propertyId}.ics'] as Record<
        string,
        { responses: Record<string, { content: unknown }> }
      >
    ).get;
    expect(feed?.responses['200']?.content).toEqual({
      'text/calendar': { schema: expect.objectContaining({ type: 'string' }) },
    });
  });

  it('checks a binary answer (the owner statement PDF) by its media type only', () => {
    const pdf = { method: 'GET', path: '/API/adminReports/V1/ownerStatement.pdf', status: 200, body: {} };
    expect(answer({ ...pdf, contentType: 'application/pdf', text: '%PDF-1.7' })).toBeUndefined();
    expect(answer({ ...pdf, contentType: 'application/json', text: '{}' })).toMatch(/not application\/pdf/);
  });

  it('documents the owner statement PDF as application/pdf, a binary string', () => {
    const doc = buildOpenApiDocument(ROUTES);
    const op = (
      doc.paths['/API/adminReports/V1/ownerStatement.pdf'] as Record<
        string,
        { responses: Record<string, { content: unknown }> }
      >
    ).get;
    expect(op?.responses['200']?.content).toEqual({
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    });
  });
});
