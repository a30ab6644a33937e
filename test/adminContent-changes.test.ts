/**
 * Admin content writes leave their audit change (DESIGN.md "Audit log") in the same transaction: a CHANGE
 * item naming the actor, the request and the changed fields; a write that fails leaves none.
 */
import { describe, expect, it } from 'vitest';
import { type ChangeItem, changesOf } from './support/changes.js';
import { ADMINS, signedIn, unique } from './support/client.js';

const ADMIN = '/API/adminContent/V1';

const fieldOf = (change: ChangeItem | undefined, field: string) =>
  change?.fields.find((f) => f.field === field);

const slugOf = (prefix: string) => unique(prefix).replace(/\W+/g, '-').toLowerCase();

describe('admin content writes: audit changes', () => {
  it('records create, update and (soft) delete of a page with actor, request id and changed fields', async () => {
    const admin = await signedIn('super');
    const pageTitle = unique('Audited page');
    const pageUrl = slugOf('audited');
    const created = await admin.post(`${ADMIN}/pages.json`, { pageTitle, pageUrl });
    expect(created.status, created.text).toBe(201);
    const pageId = created.body.pageId as number;

    const renamed = await admin.put(`${ADMIN}/pages/${pageId}.json`, { pageTitle: `${pageTitle} 2` });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await admin.delete(`${ADMIN}/pages/${pageId}.json`)).status).toBe(200);

    const changes = await changesOf('page', pageId);
    expect(changes.map((c) => c.action)).toEqual(['created', 'updated', 'deleted']);
    for (const change of changes) {
      expect(change.actor).toBe(`admin:${ADMINS.super.adminId}`);
      expect(change.requestId).toMatch(/\S/);
      expect(change.requestId).not.toBe('unknown');
    }
    expect(new Set(changes.map((c) => c.requestId)).size).toBe(3);

    const [create, update, remove] = changes;
    expect(fieldOf(create, 'pageTitle')).toEqual({ field: 'pageTitle', old: null, new: pageTitle });
    expect(fieldOf(create, 'pageUrl')).toEqual({ field: 'pageUrl', old: null, new: pageUrl });
    expect(fieldOf(update, 'pageTitle')).toEqual({
      field: 'pageTitle',
      old: pageTitle,
      new: `${pageTitle} 2`,
    });
    expect(fieldOf(update, 'pageUrl')).toBeUndefined();
    expect(fieldOf(remove, 'isActive')).toEqual({ field: 'isActive', old: 1, new: 0 });

    // Deleting again changes nothing, so it records nothing.
    expect((await admin.delete(`${ADMIN}/pages/${pageId}.json`)).status).toBe(200);
    expect(await changesOf('page', pageId)).toHaveLength(3);
  });

  it('masks a review author’s names: the entry says they were set, never to what', async () => {
    const admin = await signedIn('super');
    const created = await admin.post(`${ADMIN}/reviews.json`, {
      reviewTitle: unique('Lovely stay'),
      reviewText: 'Would come again.',
      tenantFirstName: 'Revka',
      tenantLastName: 'Viewer',
    });
    expect(created.status, created.text).toBe(201);
    const reviewId = created.body.reviewId as number;
    const renamed = await admin.put(`${ADMIN}/reviews/${reviewId}.json`, { tenantLastName: 'Viewerson' });
    expect(renamed.status, renamed.text).toBe(200);
    const [create, update] = await changesOf('review', reviewId);
    expect(fieldOf(create, 'tenantFirstName')).toEqual({ field: 'tenantFirstName', old: null, new: '***' });
    expect(fieldOf(update, 'tenantLastName')).toEqual({ field: 'tenantLastName', old: '***', new: '***' });
    expect(fieldOf(create, 'reviewText')).toEqual({
      field: 'reviewText',
      old: null,
      new: 'Would come again.',
    });
    expect(JSON.stringify([create, update])).not.toMatch(/Revka|Viewer/);
  });

  it('records a hard delete with the old values', async () => {
    const admin = await signedIn('super');
    const created = await admin.post(`${ADMIN}/sliders.json`, { sliderUrl: 'audit.jpg', sliderOrder: 7 });
    expect(created.status, created.text).toBe(201);
    const sliderId = created.body.sliderId as number;
    expect((await admin.delete(`${ADMIN}/sliders/${sliderId}.json`)).status).toBe(200);

    const deleted = (await changesOf('slider', sliderId)).find((c) => c.action === 'deleted');
    expect(deleted?.actor).toBe(`admin:${ADMINS.super.adminId}`);
    expect(fieldOf(deleted, 'sliderUrl')).toEqual({ field: 'sliderUrl', old: 'audit.jpg', new: null });
    expect(fieldOf(deleted, 'sliderOrder')).toEqual({ field: 'sliderOrder', old: 7, new: null });
  });

  it('records the CMS block row’s changed blocks only', async () => {
    const admin = await signedIn('super');
    const value = unique('Slogan');
    const res = await admin.put(`${ADMIN}/content.json`, { indexSlogan: value });
    expect(res.status, res.text).toBe(200);

    const change = (await changesOf('contentBlocks', 'blocks')).find(
      (c) => fieldOf(c, 'indexSlogan')?.new === value,
    );
    expect(change?.action).toBe('updated');
    expect(change?.actor).toBe(`admin:${ADMINS.super.adminId}`);
    expect(change?.fields.map((f) => f.field)).toEqual(['indexSlogan']);
  });

  it('leaves no change when the write fails (duplicate slug, 409)', async () => {
    const admin = await signedIn('super');
    const takenUrl = slugOf('taken');
    const first = await admin.post(`${ADMIN}/pages.json`, { pageTitle: unique('First'), pageUrl: takenUrl });
    expect(first.status, first.text).toBe(201);
    const second = await admin.post(`${ADMIN}/pages.json`, {
      pageTitle: unique('Second'),
      pageUrl: slugOf('free'),
    });
    expect(second.status, second.text).toBe(201);
    const secondId = second.body.pageId as number;

    const duplicateTitle = unique('Duplicate');
    const duplicateCreate = await admin.post(`${ADMIN}/pages.json`, {
      pageTitle: duplicateTitle,
      pageUrl: takenUrl,
    });
    expect(duplicateCreate.status).toBe(409);
    const duplicateUpdate = await admin.put(`${ADMIN}/pages/${secondId}.json`, { pageUrl: takenUrl });
    expect(duplicateUpdate.status).toBe(409);

    expect((await changesOf('page', secondId)).map((c) => c.action)).toEqual(['created']);
    const mentionsDuplicate = (await changesOf('page')).filter((c) =>
      JSON.stringify(c.fields).includes(duplicateTitle),
    );
    expect(mentionsDuplicate).toEqual([]);
  });
});
