import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/** axe-core's own build, read once and evaluated in each page (no copy of it in this repository). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The accessibility gate: WCAG 2.0 and 2.1, levels A and AA (issue 10, deliverable 7). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

const runOptions: RunOptions = {
  runOnly: { type: 'tag', values: [...WCAG_21_AA] },
  // Every frame is checked on its own (below), so axe never waits for a frame it cannot reach.
  iframes: false,
  resultTypes: ['violations'],
};

interface AxeViolation {
  id: Result['id'];
  impact: Result['impact'];
  help: Result['help'];
  helpUrl: Result['helpUrl'];
  /** Where the violation is: the frame (when not the top page) and each node's selector and summary. */
  nodes: { frame: string | null; target: string; html: string; failureSummary: string }[];
}

/** Runs axe in one frame: injected through the DevTools protocol, so the app's CSP does not apply. */
async function runInFrame(frame: Frame): Promise<AxeResults | null> {
  try {
    await frame.evaluate(`window.axe || (() => { ${axeSource}\n})()`);
    return (await frame.evaluate(
      (options) =>
        (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe.run(
          document,
          options,
        ),
      runOptions as Record<string, unknown>,
    )) as AxeResults;
  } catch (error) {
    // A frame that went away mid-run (a closing dialog's preview) has nothing left to check.
    if (frame.isDetached()) return null;
    throw error;
  }
}

/**
 * Waits until the page is still: two frames painted and no finite animation or transition running
 * (a dialog fading in has half its contrast; a spinner's endless turn is no reason to wait).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Whether scripts can run in the frame. A frame sandboxed without allow-scripts (the template
 * previews, which show a template's own e-mail HTML) cannot host axe; its <iframe> element is
 * still checked as part of the page around it.
 */
async function runsScripts(frame: Frame): Promise<boolean> {
  const element = await frame.frameElement().catch(() => null);
  if (!element) return true;
  return element.evaluate((node) => {
    const iframe = node as HTMLIFrameElement;
    return !iframe.hasAttribute('sandbox') || iframe.sandbox.contains('allow-scripts');
  });
}

/** The WCAG 2.1 AA violations axe finds in the page as it stands, every frame that runs scripts included. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settle(page);
  const byRule = new Map<string, AxeViolation>();
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame() && !(await runsScripts(frame))) continue;
    const results = await runInFrame(frame);
    if (!results) continue;
    const frameName = frame === page.mainFrame() ? null : frame.name() || frame.url();
    for (const violation of results.violations) {
      const entry = byRule.get(violation.id) ?? {
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: [],
      };
      for (const node of violation.nodes)
        entry.nodes.push({
          frame: frameName,
          target: node.target
            .map((part) => (typeof part === 'string' ? part : JSON.stringify(part)))
            .join(' >> '),
          html: node.html,
          failureSummary: node.failureSummary ?? '',
        });
      byRule.set(violation.id, entry);
    }
  }
  return [...byRule.values()];
}

const NODES_SHOWN = 4;

/** One readable block per rule: id, impact, help, and the first few nodes with why each fails. */
export function formatViolations(label: string, violations: AxeViolation[]): string {
  const lines = [`${label}: ${violations.length} WCAG 2.1 AA rule(s) violated`];
  for (const violation of violations) {
    lines.push(
      `- ${violation.id} (${violation.impact ?? 'no impact'}, ${violation.nodes.length} node(s)): ${violation.help}`,
      `  ${violation.helpUrl}`,
    );
    for (const node of violation.nodes.slice(0, NODES_SHOWN)) {
      lines.push(`  • ${node.frame ? `[frame ${node.frame}] ` : ''}${node.target}`);
      lines.push(`      ${node.html.slice(0, 160).replace(/\s+/g, ' ')}`);
      for (const summary of node.failureSummary.split('\n').filter(Boolean))
        lines.push(`      ${summary.trim()}`);
    }
    if (violation.nodes.length > NODES_SHOWN)
      lines.push(`  … and ${violation.nodes.length - NODES_SHOWN} more node(s)`);
  }
  return lines.join('\n');
}

/**
 * Fails when axe finds any WCAG 2.1 AA violation in the page as it stands (call it once the page
 * shows its data, and again with each dialog or menu the journey opens). `label` names the page,
 * state and width in the failure.
 */
export async function expectAxeClean(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(formatViolations(label, violations));
}
