import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { describeScreen, newPage, signIn, type Credentials } from './console';
import { startServer, type RunningServer } from './server';

/**
 * The frame every browser journey shares, set up by one call at the top of its file: the hooks are
 * registered there, and `ready` hands the started parts to the file's own variables (and does the
 * file's further set-up) before its first test.
 */
export interface Journey {
  server: RunningServer;
  browser: Browser;
  /** The seeded main account's sign-in. */
  admin: Credentials;
}

export interface SignedInJourney extends Journey {
  context: BrowserContext;
  /** Signed in as the seeded main account, on the control panel. */
  page: Page;
}

type ServerOptions = Parameters<typeof startServer>[0];
type Ready<T> = (started: T) => void | Promise<void>;

/**
 * Before the file's tests, the real server and Chromium, started together; after them, both closed
 * (whichever started, when the other did not).
 */
export function journey(ready: Ready<Journey>, serverOptions?: ServerOptions): void {
  let started: Partial<Journey> = {};
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startServer(serverOptions), launchBrowser()]);
    started = {
      server: server.status === 'fulfilled' ? server.value : undefined,
      browser: browser.status === 'fulfilled' ? browser.value : undefined,
    };
    if (server.status === 'rejected') throw server.reason;
    if (browser.status === 'rejected') throw browser.reason;
    await ready({ server: server.value, browser: browser.value, admin: { email: server.value.adminEmail, password: server.value.adminPassword } });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
}

export interface SignedInOptions {
  server?: ServerOptions;
  /** Runs on the new page before it signs in (to watch the sign-in page too). */
  beforeSignIn?: Ready<Omit<SignedInJourney, 'admin'>>;
}

/**
 * A journey with one page signed in as the seeded main account before `ready` runs; when a test
 * fails, what that page showed is printed (and shot) beside the failure.
 */
export function signedInJourney(ready: Ready<SignedInJourney> = () => undefined, { server, beforeSignIn }: SignedInOptions = {}): void {
  let page: Page | undefined;
  journey(async (started) => {
    const opened = await newPage(started.browser);
    page = opened.page;
    await beforeSignIn?.({ ...started, ...opened });
    await signIn(page, started.server.baseUrl, started.admin);
    await ready({ ...started, ...opened });
  }, server);
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      if (page) console.error(await describeScreen(page, task.name));
    });
  });
}
