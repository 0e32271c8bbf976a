/**
 * Run before the browser tests: makes sure the Chromium they drive is there. When Debian's
 * `chromium` is missing it installs it with apt-get (through sudo when not root), saying what it
 * runs; when it cannot, it says what to do instead and exits non-zero. Then a font that draws
 * Chinese (fonts-noto-cjk on Debian), warning only when it cannot.
 *
 *   node --import tsx scripts/ensure-chromium.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian's `chromium` package puts the browser; CHROMIUM_PATH overrides it (e2e/support/browser.ts). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** What the decision reads of the machine and does to it: the real one below, a fake in tests. */
export interface System {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  /** A text file's content, or undefined when it cannot be read. */
  readText(path: string): string | undefined;
  isRoot: boolean;
  /** Runs a command with the terminal attached and returns its exit status. */
  run(command: string, args: readonly string[]): number;
  log(line: string): void;
}

export type Outcome = { ok: true; path: string } | { ok: false; message: string };

const MANUAL_STEPS = [
  'Install it yourself, then run the tests again:',
  '  Debian:  sudo apt-get update && sudo apt-get install -y chromium',
  '  elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable, e.g.',
  '           CHROMIUM_PATH=/path/to/chromium npm test',
].join('\n');

function onPath(system: System, name: string): boolean {
  return (system.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && system.exists(join(dir, name)));
}

/** Debian, Ubuntu or a derivative, by /etc/os-release's ID and ID_LIKE. */
function isDebianLike(system: System): boolean {
  const release = system.readText('/etc/os-release');
  if (release === undefined) return false;
  const ids = [...release.matchAll(/^(?:ID|ID_LIKE)="?([^"\n]*)"?$/gm)].flatMap((m) => m[1]!.split(/\s+/));
  return ids.some((id) => id === 'debian' || id === 'ubuntu');
}

/**
 * Installs a Debian package with apt-get (update, then install; through sudo when not root), saying
 * each command: null when it did, else why it could not (not Debian or Ubuntu, no root nor sudo, a
 * command that failed).
 */
function aptInstall(system: System, pkg: string, announce: string): string | null {
  if (!isDebianLike(system) || !onPath(system, 'apt-get')) return 'This is not Debian or Ubuntu (no apt-get), so it cannot be installed from here.';
  const sudo = system.isRoot ? [] : onPath(system, 'sudo') ? ['sudo'] : undefined;
  if (sudo === undefined) return 'Installing it takes root, and this user is not root and has no sudo.';
  system.log(announce);
  const steps: string[][] = [
    [...sudo, 'apt-get', 'update'],
    [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', pkg],
  ];
  for (const [command, ...args] of steps) {
    system.log(`$ ${[command, ...args].join(' ')}`);
    const status = system.run(command!, args);
    if (status !== 0) return `\`${[command, ...args].join(' ')}\` failed (exit status ${status}).`;
  }
  return null;
}

export function ensureChromium(system: System): Outcome {
  const wanted = system.env.CHROMIUM_PATH;
  if (wanted) {
    if (system.exists(wanted)) return { ok: true, path: wanted };
    return { ok: false, message: `CHROMIUM_PATH is ${wanted}, and there is no file there. Point it at a Chromium or Chrome executable, or unset it to use Debian's chromium (${DEBIAN_CHROMIUM}).` };
  }
  if (system.exists(DEBIAN_CHROMIUM)) return { ok: true, path: DEBIAN_CHROMIUM };

  const cannot = (why: string): Outcome => ({ ok: false, message: `The browser tests need Chromium at ${DEBIAN_CHROMIUM}, and it is not installed. ${why}\n${MANUAL_STEPS}` });
  const failed = aptInstall(system, 'chromium', `Chromium is missing at ${DEBIAN_CHROMIUM}: installing Debian's chromium for the browser tests (about a minute).`);
  if (failed !== null) return cannot(failed);
  if (!system.exists(DEBIAN_CHROMIUM)) return cannot(`apt-get installed chromium, but ${DEBIAN_CHROMIUM} is still missing.`);
  system.log(`Chromium installed at ${DEBIAN_CHROMIUM}.`);
  return { ok: true, path: DEBIAN_CHROMIUM };
}

/**
 * Fonts that draw Chinese: Debian's Noto CJK (fonts-noto-cjk), WenQuanYi or Droid's fallback. The
 * Chinese journeys measure Chinese text (a card title on one line at a phone's width); without such
 * a font Chromium draws empty boxes of another width.
 */
export const CJK_FONTS = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'];

/**
 * Makes sure a font that draws Chinese is there: on Debian or Ubuntu it installs fonts-noto-cjk with
 * apt-get (through sudo when not root), saying what it runs. Elsewhere, or when it cannot, it only
 * warns (other systems keep their fonts elsewhere): it never stops the tests itself.
 */
export function ensureCjkFonts(system: System): { installed: boolean; warning: string | null } {
  if (CJK_FONTS.some((path) => system.exists(path))) return { installed: false, warning: null };
  const warn = (why: string) => ({
    installed: false,
    warning: `No font that draws Chinese was found (${CJK_FONTS[0]}). ${why} The Chinese browser journeys may fail; on Debian: sudo apt-get install -y fonts-noto-cjk`,
  });
  const failed = aptInstall(system, 'fonts-noto-cjk', "No font draws Chinese: installing Debian's fonts-noto-cjk for the browser tests.");
  if (failed !== null) return warn(failed);
  return { installed: true, warning: null };
}

const realSystem: System = {
  env: process.env,
  exists: existsSync,
  readText(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  isRoot: process.getuid?.() === 0,
  run(command, args) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    return result.status ?? 1;
  },
  log: (line) => console.log(line),
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outcome = ensureChromium(realSystem);
  if (!outcome.ok) {
    console.error(outcome.message);
    process.exit(1);
  }
  const fonts = ensureCjkFonts(realSystem);
  if (fonts.warning !== null) console.warn(fonts.warning);
}
