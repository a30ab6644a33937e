/**
 * A stage's settings as `cdk synth` reads them (cdk.json `stages.<stage>`, infra/cdk/config.ts), for the
 * scripts that work on its account: what the stack reserves, whether it is protected, its mail identity. A
 * stage whose settings synth would refuse (prod before cdk.json is filled) is an error to report.
 */
import { readFileSync } from 'node:fs';
import { readConfig, type StackConfig } from '../cdk/config.js';
import { stageRegion } from './stage-env.js';

const CDK_JSON = new URL('../../cdk.json', import.meta.url);

export function stageSettings(
  stage: string,
  cdkJson = readFileSync(CDK_JSON, 'utf8'),
): { config: StackConfig } | { error: string } {
  const context = (JSON.parse(cdkJson) as { context?: Record<string, unknown> }).context ?? {};
  try {
    return {
      config: readConfig({ tryGetContext: (key: string) => (key === 'stage' ? stage : context[key]) }),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The stage's region: cdk.json's, else AWS_REGION / AWS_DEFAULT_REGION (never synth's offline dummy). */
export function regionOf(stage: string, cdkJson?: string): string {
  const region =
    (cdkJson === undefined ? stageRegion(stage) : stageRegion(stage, cdkJson)) ??
    process.env.AWS_REGION ??
    process.env.AWS_DEFAULT_REGION;
  if (!region)
    throw new Error(
      `No region for stage ${stage}: name it in cdk.json stages.${stage}.region or set AWS_REGION`,
    );
  return region;
}
