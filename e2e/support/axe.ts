import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Issue 15 item 5: axe-core finds no critical or serious violation (WCAG 2.1 A/AA rules plus
 * axe's best practices). Soft: every page of a spec is checked and all findings reported.
 */
export async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  // Mantine's transitions (menus, notifications) settle first; axe reads computed colours.
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`),
    }));
  expect.soft(serious, `${what}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
