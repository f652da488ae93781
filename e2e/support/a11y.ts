import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * WCAG 2.1 A and AA, contrast included (docs/look.md: "Contrast AA everywhere (check with axe)"), one
 * line per violation. axe runs inside the page, on the whole document: the app draws no frames of
 * its own. It is put into the page once per document (docs/decisions.md §2.17): `@axe-core/playwright`
 * sent its 650 KB source twice per check, and a screen reached by the app's own links keeps it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const first = await axeOnce(page);
  if (first.length === 0) return first;
  // axe reads the page in chunks, yielding between them: a screen whose answer lands meanwhile is
  // read half before and half after (under load, a button enabled by the answer was read at the
  // first frame of its fade from 40 % opacity, once in a few hundred checks). A real violation is
  // there on a second reading of the settled page too; only those are reported.
  await page.waitForTimeout(250);
  await transitionsDone(page);
  const second = new Set(await axeOnce(page));
  return first.filter((line) => second.has(line));
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function axeOnce(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(axe.source);
    await page.evaluate(() => window.axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  // Only violations are read: axe then gathers one node, not every node, for the rules that pass
  // (about a fifth less time per check here).
  const results = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  );
  return results.violations.map(
    (v) =>
      `${v.impact ?? 'unknown'} ${v.id}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
}

/**
 * A screen is ready once its main region (or heading) shows, no skeleton or busy region is left and
 * no transition is under way: a button enabled as its data arrives fades from 40 % opacity, and axe
 * reading its colours mid-fade reported low contrast that no one ever sees.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('main:visible, h1:visible').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  await transitionsDone(page);
}

/** Waits out a fade or a slide under way; endless animations (a spinner) are left alone. */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The phone sizes a journey judges its screens at: the journeys' own (playwright.config.ts) and the smallest (docs/look.md). */
export const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
export type Phone = (typeof PHONES)[number];

/**
 * Runs `check` on the screen as it stands at each phone size, then gives the page back its own size:
 * a journey played once judges every screen it passes at both widths, instead of playing the whole
 * flow again at 360 px.
 */
export async function atEachPhone(page: Page, check: (phone: Phone) => Promise<void>): Promise<void> {
  const own = page.viewportSize();
  try {
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await check(phone);
    }
  } finally {
    if (own) await page.setViewportSize(own);
  }
}

/** The page is wider than the viewport (a screen that scrolls sideways), in CSS px; 0 when it fits. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/** The smallest tap target on the phone screens, in CSS px (docs/ACCESSIBILITY.md: 44 × 44, WCAG 2.5.5). */
export const TAP_TARGET_PX = 44;
/**
 * The back office is a desktop tool used with a mouse (docs/decisions.md §8): it is held to WCAG 2.2 AA's
 * 2.5.8 minimum, 24 × 24, with the same exceptions.
 */
export const POINTER_TARGET_PX = 24;

/**
 * Tap targets too small to hit with a thumb. The rule (WCAG 2.5.5's 44 px, with WCAG 2.5.8's
 * exceptions scaled to 44): every visible interactive element — link, button, form control or an
 * element with an interactive role or tabindex ≥ 0 — measures at least `min` × `min` CSS px
 * (44 on the phone screens), where a
 * form control counts together with its <label> (tapping the label works the control), unless
 * - it is a link inside a sentence (2.5.8 "inline": the line height decides its size), or
 * - it is spaced: a `min` × `min` square centred on it overlaps no other target (2.5.8 "spacing").
 * Returns one line per offending element.
 */
export async function smallTapTargets(page: Page, min = TAP_TARGET_PX): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    type Box = { left: number; top: number; right: number; bottom: number };
    const union = (a: Box, b: Box): Box => ({
      left: Math.min(a.left, b.left),
      top: Math.min(a.top, b.top),
      right: Math.max(a.right, b.right),
      bottom: Math.max(a.bottom, b.bottom),
    });
    const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        rect.width > 0 &&
        rect.height > 0 &&
        !element.closest('[aria-hidden="true"], [inert]')
      );
    };
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
      const id = element.id ? `#${element.id}` : '';
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/)[0]}` : '';
      return `${element.tagName.toLowerCase()}${id}${cls} "${name}"`;
    };
    // A control and its labels are one target; a visually hidden input (custom radio) is its label.
    const boxOf = (element: Element): Box | null => {
      let box: Box | null = null;
      const parts: Element[] = [element];
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)
        parts.push(...(element.labels ?? []));
      for (const part of parts) {
        if (!visible(part)) continue;
        const rect = part.getBoundingClientRect();
        if (part === element && rect.width <= 2 && rect.height <= 2) continue;
        box = box ? union(box, rect) : { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
      }
      return box;
    };
    const inSentence = (element: Element) => {
      if (element.tagName !== 'A') return false;
      const parent = element.parentElement;
      if (!parent) return false;
      const display = getComputedStyle(element).display;
      if (display !== 'inline') return false;
      return [...parent.childNodes].some(
        (node) => node !== element && node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0,
      );
    };

    const elements = [...document.querySelectorAll(selector)].filter(
      (element) => !(element as HTMLElement).closest('label') || element.matches('input, select, textarea, button, a[href]'),
    );
    const targets = elements
      .map((element) => ({ element, box: boxOf(element) }))
      .filter((target): target is { element: Element; box: Box } => target.box !== null)
      // A target nested in another (a button inside a clickable card) is judged with its parent.
      .filter((target, _, all) => !all.some((other) => other.element !== target.element && other.element.contains(target.element)));
    const problems: string[] = [];
    for (const { element, box } of targets) {
      const width = box.right - box.left;
      const height = box.bottom - box.top;
      if (width >= min - 0.5 && height >= min - 0.5) continue;
      if (inSentence(element)) continue;
      const cx = (box.left + box.right) / 2;
      const cy = (box.top + box.bottom) / 2;
      const square = { left: cx - min / 2, right: cx + min / 2, top: cy - min / 2, bottom: cy + min / 2 };
      const crowded = targets.some((other) => other.element !== element && overlaps(square, other.box));
      if (crowded) problems.push(`${describe(element)} ${Math.round(width)}×${Math.round(height)}`);
    }
    return problems;
  }, min);
}

/**
 * Controls whose focus does not show: for a sample of focusable elements (first, last and some
 * between), the outline, box-shadow, border and background of the element and its two nearest
 * ancestors (a field draws its ring around the input) must change when it takes keyboard focus.
 */
export async function invisibleFocus(page: Page, sample = 4): Promise<string[]> {
  return page.evaluate((count) => {
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => {
      const rect = element.getBoundingClientRect();
      return (
        rect.width > 0 &&
        rect.height > 0 &&
        getComputedStyle(element).visibility !== 'hidden' &&
        !element.closest('[aria-hidden="true"], [inert]')
      );
    });
    const picks =
      focusable.length <= count
        ? focusable
        : Array.from({ length: count }, (_, i) => focusable[Math.round((i * (focusable.length - 1)) / (count - 1))]!);
    const look = (element: HTMLElement) => {
      const chain = [element, element.parentElement, element.parentElement?.parentElement].filter((e): e is HTMLElement => Boolean(e));
      // A visually hidden input (custom radio or checkbox) shows its focus on its label.
      if (element instanceof HTMLInputElement) chain.push(...[...(element.labels ?? [])]);
      return chain
        .map((e) => {
          const s = getComputedStyle(e);
          return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor].join(' ');
        })
        .join(' / ');
    };
    // The end state of each style is what a person sees: no transition half-way through.
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(still);
    const problems: string[] = [];
    for (const element of picks) {
      (document.activeElement as HTMLElement | null)?.blur();
      const before = look(element);
      // Focus as the keyboard gives it (:focus-visible), whatever the last click was.
      element.focus({ focusVisible: true } as FocusOptions);
      if (document.activeElement !== element) continue;
      const after = look(element);
      if (before === after)
        problems.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`,
        );
      element.blur();
    }
    still.remove();
    return problems;
  }, sample);
}

/**
 * Text cut off on purpose, each with its reason (CSS selector → why). Anything else that clips its
 * text at 360 px fails the walk: a name, amount, date or phone number must be read whole.
 */
export const DELIBERATE_ELLIPSIS: Record<string, string> = {
  '.tx-row__comment': "the customer's own comment on a sale, shown whole on the sale's detail screen",
};

/**
 * Elements whose text is cut off by their own box: wider or taller than the box that hides the
 * rest (overflow hidden or an ellipsis), or a closed select whose chosen option is longer than
 * it. Returns one line per element, except those named in `allowed` (selector → reason).
 */
export async function clippedText(page: Page, allowed: Record<string, string> = DELIBERATE_ELLIPSIS): Promise<string[]> {
  return page.evaluate((selectors) => {
    const describe = (element: Element) => {
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${cls} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        Number(style.opacity) > 0 &&
        rect.width > 2 &&
        rect.height > 2 &&
        !element.closest('.visually-hidden, [aria-hidden="true"], .skeleton')
      );
    };
    const hasOwnText = (element: Element) =>
      [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 0);
    const problems: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element instanceof HTMLSelectElement) {
        if (!shown(element)) continue;
        const option = element.selectedOptions[0];
        if (!option) continue;
        // A closed select draws its option on one line: measure it in the select's own font.
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) continue;
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const needed = context.measureText(option.text).width;
        if (needed > room + 1)
          problems.push(`${describe(element)} shows "${option.text}" in ${Math.round(room)} px (needs ${Math.round(needed)})`);
        continue;
      }
      if (!hasOwnText(element) || !shown(element)) continue;
      if (selectors.some((selector) => element.closest(selector))) continue;
      // Text clips only inside a box that hides what does not fit: its own or the nearest ancestor's.
      let box: HTMLElement | null = element;
      while (box && box !== document.body) {
        const style = getComputedStyle(box);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis') break;
        box = box.parentElement;
      }
      if (!box || box === document.body) continue;
      const boxStyle = getComputedStyle(box);
      // A scrolling region (a list that scrolls) shows the rest by scrolling: not cut off.
      if (['auto', 'scroll'].includes(boxStyle.overflowX) || ['auto', 'scroll'].includes(boxStyle.overflowY)) continue;
      const wide = box.scrollWidth > box.clientWidth + 1;
      const tall = box.scrollHeight > box.clientHeight + 1 && (boxStyle.webkitLineClamp !== 'none' || boxStyle.overflowY !== 'visible');
      if (!wide && !tall) continue;
      // The text itself must reach past the box (a rounded image inside a clipped card does not count).
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const edge = box.getBoundingClientRect();
      const out =
        text.right > edge.right + 1 ||
        text.left < edge.left - 1 ||
        text.bottom > edge.bottom + 1 ||
        (wide && boxStyle.textOverflow === 'ellipsis');
      if (out) problems.push(`${describe(element)} is cut off by ${describe(box)}`);
    }
    return [...new Set(problems)];
  }, Object.keys(allowed));
}

/**
 * Controls (buttons, links, form fields) the fixed bottom bar covers: each visible one is scrolled
 * as high up the page as the page scrolls (the page's own end may stop it lower), and must then be
 * wholly above the bar. Controls on the bar itself, or in another fixed or sticky layer (a sheet,
 * a toast), move with it and are not judged. No bar (`nav` = its selector), no problem. Returns one
 * line per covered control; the page is scrolled back to the top afterwards.
 */
export async function hiddenUnderBar(page: Page, nav = '.bottom-nav'): Promise<string[]> {
  return page.evaluate(async (navSelector) => {
    const bar = document.querySelector(navSelector);
    if (!bar || getComputedStyle(bar).display === 'none') return [];
    const layered = (element: Element) => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        if (['fixed', 'sticky'].includes(getComputedStyle(at).position)) return true;
      }
      return false;
    };
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        rect.width > 2 &&
        rect.height > 2 &&
        !element.closest('[aria-hidden="true"], [inert], .visually-hidden')
      );
    };
    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).placeholder ?? '')
        .trim()
        .slice(0, 30);
      const cls = typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/)[0]}` : '';
      return `${element.tagName.toLowerCase()}${cls} "${name}"`;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const scroller = document.scrollingElement ?? document.documentElement;
    const controls = [
      ...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"]'),
    ].filter((element) => !bar.contains(element) && visible(element) && !layered(element));
    const problems: string[] = [];
    for (const element of controls) {
      const top = element.getBoundingClientRect().top + scroller.scrollTop;
      scroller.scrollTo({ top, behavior: 'instant' });
      await frame();
      const rect = element.getBoundingClientRect();
      const barTop = bar.getBoundingClientRect().top;
      if (rect.bottom > barTop + 1) problems.push(`${describe(element)} is under the bottom bar by ${Math.round(rect.bottom - barTop)} px`);
    }
    scroller.scrollTo({ top: 0, behavior: 'instant' });
    return problems;
  }, nav);
}
