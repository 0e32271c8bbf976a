import { describe, expect, it } from 'vitest';
import { CJK_FONTS, DEBIAN_CHROMIUM, ensureChromium, ensureCjkFonts, type System } from './ensure-chromium.ts';

const DEBIAN_RELEASE = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nID=debian\n';
const UBUNTU_RELEASE = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA_RELEASE = 'NAME="Fedora Linux"\nID=fedora\n';

interface FakeOptions {
  files?: string[];
  release?: string;
  isRoot?: boolean;
  env?: Record<string, string>;
  /** Exit status per command line; 0 when not listed. */
  statuses?: Record<string, number>;
  /** Files a successful `apt-get install` creates. */
  installs?: string[];
}

/** A machine in memory: its files, its /etc/os-release, and a record of what was run and said. */
function fakeSystem({ files = [], release = DEBIAN_RELEASE, isRoot = true, env = {}, statuses = {}, installs = [DEBIAN_CHROMIUM] }: FakeOptions = {}) {
  const present = new Set(['/usr/bin/apt-get', ...files]);
  const ran: string[] = [];
  const said: string[] = [];
  const system: System = {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    exists: (path) => present.has(path),
    readText: (path) => (path === '/etc/os-release' ? release : undefined),
    isRoot,
    run(command, args) {
      const line = [command, ...args].join(' ');
      ran.push(line);
      const status = statuses[line] ?? 0;
      if (status === 0 && args.includes('install')) for (const file of installs) present.add(file);
      return status;
    },
    log: (line) => said.push(line),
  };
  return { system, ran, said };
}

const INSTALL = 'env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium';

describe('ensureChromium', () => {
  it('does nothing when Debian’s chromium is there', () => {
    const { system, ran, said } = fakeSystem({ files: [DEBIAN_CHROMIUM] });
    expect(ensureChromium(system)).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
    expect(ran).toEqual([]);
    expect(said).toEqual([]);
  });

  it('installs it as root with apt-get, saying each command', () => {
    const { system, ran, said } = fakeSystem();
    expect(ensureChromium(system)).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
    expect(ran).toEqual(['apt-get update', INSTALL]);
    expect(said).toEqual([
      `Chromium is missing at ${DEBIAN_CHROMIUM}: installing Debian's chromium for the browser tests (about a minute).`,
      '$ apt-get update',
      `$ ${INSTALL}`,
      `Chromium installed at ${DEBIAN_CHROMIUM}.`,
    ]);
  });

  it('goes through sudo when not root, on Ubuntu too', () => {
    const { system, ran } = fakeSystem({ isRoot: false, release: UBUNTU_RELEASE, files: ['/usr/bin/sudo'] });
    expect(ensureChromium(system).ok).toBe(true);
    expect(ran).toEqual(['sudo apt-get update', `sudo ${INSTALL}`]);
  });

  it('refuses without root or sudo, saying how to install it by hand', () => {
    const { system, ran } = fakeSystem({ isRoot: false });
    const outcome = ensureChromium(system);
    expect(ran).toEqual([]);
    expect(outcome).toMatchObject({ ok: false });
    const message = outcome.ok ? '' : outcome.message;
    expect(message).toContain('this user is not root and has no sudo');
    expect(message).toContain('sudo apt-get update && sudo apt-get install -y chromium');
    expect(message).toContain('CHROMIUM_PATH');
  });

  it('refuses where apt-get is not the package manager', () => {
    const fedora = fakeSystem({ release: FEDORA_RELEASE });
    const noAptGet = fakeSystem({ env: { PATH: '/opt/bin' } });
    const mac = fakeSystem();
    mac.system.readText = () => undefined;
    for (const { system, ran } of [fedora, noAptGet, mac]) {
      expect(ensureChromium(system)).toMatchObject({ ok: false, message: expect.stringContaining('This is not Debian or Ubuntu') });
      expect(ran).toEqual([]);
    }
  });

  it('stops at the first command that fails, naming it', () => {
    const { system, ran } = fakeSystem({ statuses: { 'apt-get update': 100 } });
    expect(ensureChromium(system)).toMatchObject({ ok: false, message: expect.stringContaining('`apt-get update` failed (exit status 100).') });
    expect(ran).toEqual(['apt-get update']);
  });

  it('fails when the package installs no /usr/bin/chromium (Ubuntu’s snap stub)', () => {
    const { system } = fakeSystem({ release: UBUNTU_RELEASE, installs: [] });
    expect(ensureChromium(system)).toMatchObject({ ok: false, message: expect.stringContaining(`${DEBIAN_CHROMIUM} is still missing`) });
  });

  it('uses CHROMIUM_PATH as it is, and never installs over it', () => {
    const there = fakeSystem({ env: { CHROMIUM_PATH: '/opt/chrome/chrome' }, files: ['/opt/chrome/chrome'] });
    expect(ensureChromium(there.system)).toEqual({ ok: true, path: '/opt/chrome/chrome' });
    const missing = fakeSystem({ env: { CHROMIUM_PATH: '/opt/chrome/chrome' } });
    expect(ensureChromium(missing.system)).toMatchObject({ ok: false, message: expect.stringContaining('CHROMIUM_PATH is /opt/chrome/chrome') });
    expect(missing.ran).toEqual([]);
  });
});

describe('ensureCjkFonts', () => {
  const FONTS = 'env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-cjk';
  it('does nothing when a font that draws Chinese is there', () => {
    const { system, ran } = fakeSystem({ files: [CJK_FONTS[1]!] });
    expect(ensureCjkFonts(system)).toEqual({ installed: false, warning: null });
    expect(ran).toEqual([]);
  });

  it('installs fonts-noto-cjk on Debian, through sudo when not root, saying each command', () => {
    const root = fakeSystem({ installs: [CJK_FONTS[0]!] });
    expect(ensureCjkFonts(root.system)).toEqual({ installed: true, warning: null });
    expect(root.ran).toEqual(['apt-get update', FONTS]);
    expect(root.said).toContain(`$ ${FONTS}`);
    const user = fakeSystem({ isRoot: false, release: UBUNTU_RELEASE, files: ['/usr/bin/sudo'] });
    expect(ensureCjkFonts(user.system).installed).toBe(true);
    expect(user.ran).toEqual(['sudo apt-get update', `sudo ${FONTS}`]);
  });

  it('only warns where it cannot install: another system, no root, a failing command', () => {
    const fedora = fakeSystem({ release: FEDORA_RELEASE });
    expect(ensureCjkFonts(fedora.system).warning).toMatch(/^No font that draws Chinese was found .* not Debian or Ubuntu.*fonts-noto-cjk$/);
    expect(fedora.ran).toEqual([]);
    expect(ensureCjkFonts(fakeSystem({ isRoot: false }).system).warning).toMatch(/not root and has no sudo/);
    const failing = fakeSystem({ statuses: { [FONTS]: 100 } });
    expect(ensureCjkFonts(failing.system)).toMatchObject({ installed: false, warning: expect.stringContaining('failed (exit status 100)') });
  });
});
