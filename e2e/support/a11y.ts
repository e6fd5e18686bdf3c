/**
 * What every step asks of every page its session has open, once the step's own work is done: axe-core
 * finds no serious or critical accessibility problem, and no picture the pages asked for failed to load.
 * A problem fails the step with the rule, what it asks, the first elements it found and the page's path.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ImpactValue } from 'axe-core';
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { getImage } from '../../packages/domain/src/images/images.ts';

/** The impacts that fail a step (axe's 'minor' and 'moderate' ones are left to reviews). */
const FAILING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];
/** How many of a rule's elements a message names, and how much of the first one's markup it shows. */
const TARGETS_SHOWN = 3;
const HTML_SHOWN = 300;
/** The longest a check waits for running transitions to end, and the pause before a second look. */
const SETTLE_MS = 2_000;
const SECOND_LOOK_MS = 300;

let axeSource: string | undefined;
/** axe-core's browser build, read once per test file. */
function axeScript(): string {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** A finding as it comes back from the page: only what a message needs. */
interface Finding {
  id: string;
  impact: ImpactValue;
  help: string;
  targets: string[];
  count: number;
  html: string;
  summary: string;
}

/**
 * Runs axe on the document `frame` shows and answers its serious and critical findings. axe is put in the
 * document the first time (by evaluation, which the app's Content-Security-Policy does not govern, as it
 * does a script tag); a document that is not a page (a PDF, a JSON answer) is not checked. Transitions
 * still running (a snackbar fading in or out) are let finish first, and a contrast finding must hold in a
 * second look once they have: a colour read halfway through a fade is not the page's colour.
 */
async function findingsIn(frame: Frame): Promise<Finding[]> {
  const isPage = await frame.evaluate("document.contentType === 'text/html'");
  if (!isPage) return [];
  if (!(await frame.evaluate("typeof window.axe === 'object'"))) await frame.evaluate(axeScript());
  const impacts = JSON.stringify(FAILING_IMPACTS);
  return (await frame.evaluate(`(async () => {
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const settle = async () => {
      const deadline = Date.now() + ${SETTLE_MS};
      while (Date.now() < deadline) {
        const running = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        if (running.length === 0) return;
        await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), pause(${SETTLE_MS})]);
        await pause(50);
      }
    };
    const options = { resultTypes: ['violations'], iframes: false };
    await settle();
    let { violations } = await window.axe.run(document, options);
    if (violations.some((v) => v.id === 'color-contrast')) {
      await pause(${SECOND_LOOK_MS});
      await settle();
      const again = await window.axe.run(document, { ...options, runOnly: ['color-contrast'] });
      violations = [...violations.filter((v) => v.id !== 'color-contrast'), ...again.violations];
    }
    return violations
      .filter((v) => ${impacts}.includes(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, ${TARGETS_SHOWN}).map((n) => n.target.join(' ')),
        count: v.nodes.length,
        html: (v.nodes[0]?.html ?? '').slice(0, ${HTML_SHOWN}),
        summary: (v.nodes[0]?.failureSummary ?? '')
          .split('\\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' '),
      }));
  })()`)) as Finding[];
}

const isNavigating = (error: unknown) =>
  error instanceof Error && /context was destroyed|navigat/i.test(error.message);

/**
 * The documents of `page` to check: its own, and those of the frames in it a user sees (a page embedding the
 * configurator); a hidden frame (a silent sign-in) shows nobody anything.
 */
async function framesToCheck(page: Page): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const frame of page.frames()) {
    if (!/^https?:/.test(frame.url())) continue;
    if (frame === page.mainFrame()) {
      frames.push(frame);
      continue;
    }
    const element = await frame.frameElement().catch(() => null);
    if (element && (await element.isVisible().catch(() => false))) frames.push(frame);
  }
  return frames;
}

/** Where a document is, for a message: its path, and the page's path around a frame's. */
function placeOf(page: Page, frame: Frame): string {
  const path = new URL(frame.url()).pathname;
  return frame === page.mainFrame() ? path : `${path} (a frame in ${new URL(page.url()).pathname})`;
}

/**
 * Fails with the serious and critical axe findings on `pages` (and the frames they show), one paragraph per
 * document, when there are any. A page still navigating when the step ends is checked once it has loaded.
 */
export async function assertAccessible(pages: readonly Page[]): Promise<void> {
  const messages: string[] = [];
  for (const page of pages) {
    if (page.isClosed() || !/^https?:/.test(page.url())) continue;
    let checked: { frame: Frame; findings: Finding[] }[] = [];
    const check = async () => {
      checked = [];
      for (const frame of await framesToCheck(page))
        checked.push({ frame, findings: await findingsIn(frame) });
    };
    try {
      await check();
    } catch (error) {
      if (!isNavigating(error)) throw error;
      await page.waitForLoadState('load');
      await check();
    }
    for (const { frame, findings } of checked) {
      if (findings.length === 0) continue;
      const lines = findings.map(
        (f) =>
          `  [${f.impact}] ${f.id}: ${f.help} (${f.count} element${f.count === 1 ? '' : 's'}: ` +
          `${f.targets.join(' | ')}${f.count > f.targets.length ? ' | ...' : ''})\n` +
          `    first: ${f.html}\n    ${f.summary}`,
      );
      messages.push(
        `axe found ${findings.length} serious or critical problem${findings.length === 1 ? '' : 's'} on ` +
          `${placeOf(page, frame)}:\n${lines.join('\n')}`,
      );
    }
  }
  if (messages.length > 0) throw new Error(messages.join('\n'));
}

/** The path every picture is fetched from (`getImage`), up to its object id. */
const IMAGE_PATH = getImage.path.slice(0, getImage.path.indexOf(':'));

/** A picture: an image the page loads itself, or one the app fetches from the pictures route. */
function isPicture(request: Request): boolean {
  return request.resourceType() === 'image' || new URL(request.url()).pathname.startsWith(IMAGE_PATH);
}

/**
 * Records in `failures` every picture request of `context` that fails (an answer of 400 or more, or no
 * answer); a request the page itself cancels, say by leaving before it ends, is not a failure.
 */
export function watchPictures(context: BrowserContext, failures: string[]): void {
  context.on('response', (response) => {
    if (response.status() >= 400 && isPicture(response.request())) {
      failures.push(`${response.status()} ${response.url()}`);
    }
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED' && isPicture(request)) failures.push(`${reason} ${request.url()}`);
  });
}
