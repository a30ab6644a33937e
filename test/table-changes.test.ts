/** The cloud's stream reader (functions/table-changes.ts) hands out to exactly the table-change jobs of JOBS. */
import { describe, expect, it } from 'vitest';
import { JOBS } from '../functions/registry.js';

describe('the table-change reader', () => {
  it('lists every table-change job of the registry once, with its own contract', async () => {
    // The job modules read their table's name at import; nothing here touches a table.
    process.env.TABLE_NAME ??= 'table-changes-test';
    const { TABLE_CHANGE_HANDLERS } = await import('../functions/table-changes.js');
    const expected = JOBS.filter((job) => job.kind === 'tableChange');
    expect(TABLE_CHANGE_HANDLERS.map((d) => d.job.id).sort()).toEqual(expected.map((j) => j.id).sort());
    for (const { job } of TABLE_CHANGE_HANDLERS) expect(expected).toContainEqual(job);
  });
});
