/**
 * axe-core (the accessibility engine behind Lighthouse's and Deque's checks) in a page the browser tests opened:
 * the violations of impact critical or serious, each as `rule: what (n nodes: selectors)`, so a failing
 * assertion names what to fix. The pages' CSP allows only their own scripts, so axe is evaluated through the
 * DevTools protocol (page.evaluate), which CSP does not govern.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    // Runs in the page, where axe is now a global.
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) => `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}
