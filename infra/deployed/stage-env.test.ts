import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSecret, meetsPolicy } from './admin-secret.js';
import { option, outputsFromFile, resolveStage, stageRegion } from './stage-env.js';

const OUTPUTS = {
  TableName: 'RentalPm-prod-DataTable-1',
  AdminUserPoolId: 'eu-west-1_abc',
  AdminUserPoolClientId: 'client',
  DataKeyArn: 'arn:aws:kms:eu-west-1:222222222222:key/k',
};

describe('a deployed stage for the scripts', () => {
  it("reads the stack's outputs from a `cdk deploy --outputs-file` file and the region from cdk.json or AWS_REGION", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rpm-outputs-'));
    const file = join(dir, 'outputs.json');
    writeFileSync(file, JSON.stringify({ 'RentalPm-ApiGatewayLogging': {}, 'RentalPm-qa': OUTPUTS }));
    const previous = process.env.AWS_REGION;
    process.env.AWS_REGION = 'eu-west-1';
    try {
      expect(resolveStage('qa', file)).toEqual({
        stage: 'qa',
        stackName: 'RentalPm-qa',
        region: 'eu-west-1',
        outputs: OUTPUTS,
      });
      expect(() => resolveStage('dev', file)).toThrow(/no stack RentalPm-dev/);
      writeFileSync(file, JSON.stringify({ 'RentalPm-qa': { TableName: 't' } }));
      expect(() => resolveStage('qa', file)).toThrow(
        /no output AdminUserPoolId, AdminUserPoolClientId, DataKeyArn/,
      );
    } finally {
      process.env.AWS_REGION = previous;
    }
    expect(
      stageRegion('prod', JSON.stringify({ context: { stages: { prod: { region: 'eu-central-1' } } } })),
    ).toBe('eu-central-1');
    expect(
      stageRegion('prod', JSON.stringify({ context: { stages: { prod: { region: '' } } } })),
    ).toBeUndefined();
    expect(() => outputsFromFile('{}', 'RentalPm-prod')).toThrow(
      /has no stack RentalPm-prod \(it has none\)/,
    );
    expect(option(['x.json', '--stage', 'prod'], 'stage')).toBe('prod');
  });

  it("generates admin secrets that meet the pool's policy, each different", () => {
    const secrets = new Set(Array.from({ length: 20 }, generateSecret));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(meetsPolicy(secret), secret).toBe(true);
    expect(meetsPolicy('short1!')).toBe(false);
    expect(meetsPolicy('nodigitsorsymbols')).toBe(false);
  });

  it('counts what a (resumed) load would write per kind without writing, validating every kind', async () => {
    // Nothing is read or written; the shared modules only name the table when they load.
    process.env.TABLE_NAME ??= 'rental-pm-plan';
    const { planFixture } = await import('../local/fixture/index.js');
    const fixture = {
      admins: [{ adminId: 1, adminAPIKey: 'root', adminAPISecret: 'secret-1!long', adminRole: 0 }],
      settings: { systemTimeZone: 'UTC' },
    };
    expect(planFixture(fixture)).toEqual({ admins: 1, settings: 1 });
    expect(planFixture(fixture, new Set(['admins']))).toEqual({ admins: 0, settings: 1 });
    expect(() => planFixture({ admins: [{ adminId: 'x' }] })).toThrow(/fixture "admins"/);
    expect(() => planFixture({ widgets: [] })).toThrow(/Unknown record kinds in fixture: widgets/);
  });
});
