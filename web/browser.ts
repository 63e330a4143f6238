/**
 * A hermetic headless Chromium for looking at the page (browser tests,
 * `npm run screenshots`, the page benchmark): Debian's chromium driven by
 * playwright-core. Nothing may leave loopback — Playwright aborts every
 * request to another host, and Chromium's resolver maps every name but
 * localhost to "not found", so a team's logo URL never reaches a real
 * resolver or server (the page then shows its fallback badge).
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Chromium flags that keep every lookup and connection on this machine. */
export const HERMETIC_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function isLoopback(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
    return hostname === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]';
  } catch {
    return false;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: HERMETIC_CHROMIUM_ARGS });
}

/** A browser context whose requests to anything but loopback are aborted (and counted). */
export async function hermeticContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext & { blocked: string[] }> {
  const context = Object.assign(await browser.newContext(options), { blocked: [] as string[] });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopback(url)) return route.continue();
    context.blocked.push(url);
    return route.abort('blockedbyclient');
  });
  return context;
}
