import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js, shown to fire: each probe is a file that would sit at that
 * path (linted from memory, its imports resolved against the real tree) and breaks one boundary.
 */
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function rulesFiring(filePath: string, imports: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(`${imports}\n\nexport const probe = [imported];\n`, { filePath: join(root, filePath) });
  return result!.messages.map((message) => message.ruleId);
}

const RESTRICTED = 'import-x/no-restricted-paths';

describe('lint boundaries: the web app', () => {
  it('a feature may not import another feature', async () => {
    expect(await rulesFiring('apps/web/src/features/dashboard/components/probe.tsx', "import { TradingWorkspace as imported } from '@/features/trading/components/trading-workspace';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/web/src/features/dashboard/components/probe.tsx', "import type { Distribution as imported } from '../../trading/types';")).toEqual([RESTRICTED]);
  });

  it('shared code may import neither a feature nor the app', async () => {
    expect(await rulesFiring('apps/web/src/market-data/components/probe.tsx', "import { TradingWorkspace as imported } from '@/features/trading/components/trading-workspace';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/web/src/lib/probe.ts', "import { safeRedirect as imported } from '@/app/router/access';")).toEqual([RESTRICTED]);
  });

  it('a feature may not import the app', async () => {
    expect(await rulesFiring('apps/web/src/features/trading/probe.ts', "import { safeRedirect as imported } from '@/app/router/access';")).toEqual([RESTRICTED]);
  });

  it('the web app may import neither the server nor a package beyond contract, format and decimal', async () => {
    expect(await rulesFiring('apps/web/src/lib/probe.ts', "import { buildApp as imported } from '../../../server/src/app.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/web/src/lib/probe.ts', "import { SimExchange as imported } from '@makerdesk/exchange';")).toEqual([RESTRICTED]);
  });

  it('allows the one-way imports: app → feature → market-data → lib, and contract', async () => {
    expect(await rulesFiring('apps/web/src/app/routes/probe.tsx', "import { TradingWorkspace as imported } from '@/features/trading/components/trading-workspace';")).toEqual([]);
    expect(await rulesFiring('apps/web/src/features/dashboard/probe.ts', "import { useWallet as imported } from '@/market-data/api/get-wallet';")).toEqual([]);
    expect(await rulesFiring('apps/web/src/market-data/probe.ts', "import { request as imported } from '@/lib/api-client';")).toEqual([]);
    expect(await rulesFiring('apps/web/src/lib/probe.ts', "import { endpoints as imported } from '@makerdesk/contract';")).toEqual([]);
  });
});

describe('lint boundaries: packages depend one way', () => {
  it('contract and format import no other workspace package', async () => {
    expect(await rulesFiring('packages/contract/src/probe.ts', "import { SimExchange as imported } from '@makerdesk/exchange';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('packages/format/src/probe.ts', "import { endpoints as imported } from '@makerdesk/contract';")).toEqual([RESTRICTED]);
  });

  it('covers packages that do not exist yet: decimal imports nothing, the engine never the server', async () => {
    expect(await rulesFiring('packages/decimal/src/probe.ts', "import { endpoints as imported } from '@makerdesk/contract';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('packages/engine/src/probe.ts', "import { buildApp as imported } from '../../../apps/server/src/app.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('packages/engine/src/probe.ts', "import { SimExchange as imported } from '@makerdesk/exchange';")).toEqual([]);
  });

  it('the exchange may import contract and format, and the server any package', async () => {
    expect(await rulesFiring('packages/exchange/src/probe.ts', "import { endpoints as imported } from '@makerdesk/contract';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/probe.ts', "import { SimExchange as imported } from '@makerdesk/exchange';")).toEqual([]);
  });
});

describe('lint: no import cycles', () => {
  it('reports both ends of a cycle', async () => {
    const withFixtures = new ESLint({ cwd: root, ignore: false });
    const results = await withFixtures.lintFiles(['lint/fixtures/cycle/*.ts']);
    expect(results.map((result) => result.messages.map((message) => message.ruleId))).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  });
});

describe('lint: no HTML sinks in the console', () => {
  const sinkRules = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: join(root, filePath) });
    return result!.messages.map((message) => message.ruleId);
  };

  it('refuses markup and code built from strings in the console’s sources', async () => {
    const probe = 'apps/web/src/features/trading/components/probe.tsx';
    for (const code of [
      'export const Probe = ({ html }: { html: string }) => <div dangerouslySetInnerHTML={{ __html: html }} />;',
      'export const Probe = ({ html }: { html: string }) => <iframe srcDoc={html} />;',
      'export function probe(node: HTMLElement, html: string) { node.innerHTML = html; }',
      'export function probe(node: HTMLElement, html: string) { node.outerHTML = html; }',
      "export function probe(node: HTMLElement, html: string) { node.insertAdjacentHTML('beforeend', html); }",
      'export function probe(html: string) { document.write(html); }',
    ]) {
      expect(await sinkRules(probe, code), code).toEqual(['no-restricted-syntax']);
    }
    expect(await sinkRules(probe, "export function probe(code: string) { return eval(code); }")).toEqual(['no-eval']);
    expect(await sinkRules(probe, "export function probe(code: string) { return new Function(code); }")).toEqual(['no-new-func']);
  });

  it('allows text, and fixtures in tests', async () => {
    expect(await sinkRules('apps/web/src/lib/probe.ts', 'export function probe(node: HTMLElement, text: string) { node.textContent = text; }')).toEqual([]);
    expect(await sinkRules('apps/web/src/lib/probe.test.ts', "export function probe() { document.body.innerHTML = '<iframe></iframe>'; }")).toEqual([]);
  });
});
