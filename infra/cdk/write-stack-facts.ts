/**
 * `npm run docs:stack`: rewrites the generated regions of docs/cloud-stack.md and docs/accounting.md from the
 * app (stack-facts.ts), synthesizing dev, prod and prod with every option on as the stack tests do (no
 * bundling, offline). test/stack.test.ts fails until they are rewritten after a change that moves them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './build-app.js';
import { PROJECT_ROOT } from './constructs/group-function.js';
import {
  FULL_EXAMPLE_CONTEXT,
  PROD_EXAMPLE_CONTEXT,
  renderStackFacts,
  type SynthesizedStage,
  withRegions,
} from './stack-facts.js';

const cdkContext = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }
).context;

function synth(context: Record<string, unknown>): SynthesizedStage {
  const { app, stack, logging } = buildApp({
    context: { ...cdkContext, 'aws:cdk:bundling-stacks': [], ...context },
  });
  app.synth();
  return { stack, logging };
}

const pages = renderStackFacts({
  dev: synth({}),
  prod: synth(PROD_EXAMPLE_CONTEXT),
  full: synth(FULL_EXAMPLE_CONTEXT),
});
for (const [page, regions] of Object.entries(pages)) {
  const path = join(PROJECT_ROOT, page);
  const before = readFileSync(path, 'utf8');
  const after = withRegions(page, before, regions);
  if (after !== before) writeFileSync(path, after);
  console.log(`${page}: ${after === before ? 'up to date' : 'rewritten'}`);
}
