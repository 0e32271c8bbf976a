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
const CYCLE = 'makerdesk/no-import-cycle';

describe('lint boundaries: the web app', () => {
  it('a feature may not import another feature', async () => {
    expect(await rulesFiring('apps/web/src/features/dashboard/components/probe.tsx', "import { TradingWorkspace as imported } from '@/features/trading/components/trading-workspace';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/web/src/features/dashboard/components/probe.tsx', "import type { BatchPreview as imported } from '../../trading/utils/batch-split';")).toEqual([RESTRICTED]);
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

describe("lint boundaries: the server's layers", () => {
  it('a cache may not import a service, not even a type of one', async () => {
    expect(await rulesFiring('apps/server/src/caches/probe.ts', "import type { AuthService as imported } from '../services/auth.service.ts';")).toEqual([RESTRICTED]);
  });

  it('venues, the engine host, alerts, sessions and the bus may not import the services above them', async () => {
    for (const folder of ['venues', 'engine', 'alerts', 'sessions', 'bus', 'cluster']) {
      expect(await rulesFiring(`apps/server/src/${folder}/probe.ts`, "import type { CredentialService as imported } from '../services/credential.service.ts';"), folder).toEqual([RESTRICTED]);
    }
  });

  it('the services may import neither the routes nor the HTTP plumbing', async () => {
    expect(await rulesFiring('apps/server/src/services/probe.ts', "import { ok as imported } from '../http/envelope.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/services/orders/probe.ts', "import { orderRoutes as imported } from '../../routes/order.routes.ts';")).toEqual([RESTRICTED]);
  });

  it('the routes call services: no repository, no venue but the internal simulator wire', async () => {
    expect(await rulesFiring('apps/server/src/routes/probe.ts', "import { createRepositories as imported } from '../repositories/repositories.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/routes/probe.ts', "import { SimKeyStore as imported } from '../venues/sim-key-store.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/routes/probe.ts', "import { SIM_CALL_PATH as imported } from '../venues/sim-wire.ts';")).toEqual([]);
  });

  it('the floor imports nothing above it: domain only db, db and security nothing', async () => {
    expect(await rulesFiring('apps/server/src/domain/probe.ts', "import type { Repositories as imported } from '../repositories/repositories.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/db/probe.ts', "import type { AdminRow as imported } from '../domain/account.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/security/probe.ts', "import { AppError as imported } from '../domain/app-error.ts';")).toEqual([RESTRICTED]);
    expect(await rulesFiring('apps/server/src/repositories/probe.ts', "import { HotCaches as imported } from '../caches/hot-caches.ts';")).toEqual([RESTRICTED]);
  });

  it('nothing but tests imports testing/', async () => {
    expect(await rulesFiring('apps/server/src/services/probe.ts', "import { createTestApp as imported } from '../testing/test-app.ts';")).toEqual([RESTRICTED]);
  });

  it('allows the one-way imports: routes → services → repositories, venues, engine host → domain, db; tests reach across', async () => {
    expect(await rulesFiring('apps/server/src/routes/probe.ts', "import type { Services as imported } from '../services/services.ts';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/services/probe.ts', "import { ExchangeGateway as imported } from '../venues/exchange-gateway.ts';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/services/probe.ts', "import { createEngineHost as imported } from '../engine/engine-host.ts';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/venues/probe.ts', "import type { ApiKeyMaterial as imported } from '../domain/key-material.ts';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/domain/probe.ts', "import { admins as imported } from '../db/schema.ts';")).toEqual([]);
    expect(await rulesFiring('apps/server/src/caches/probe.test.ts', "import { createTestApp as imported } from '../testing/test-app.ts';")).toEqual([]);
  });
});

describe('lint: no import cycles, type-only imports included', () => {
  const withFixtures = new ESLint({ cwd: root, ignore: false });
  const firing = async (pattern: string) => (await withFixtures.lintFiles([pattern])).map((result) => result.messages.map((message) => message.ruleId));

  it('reports both ends of a cycle', async () => {
    expect(await firing('lint/fixtures/cycle/*.ts')).toEqual([[CYCLE], [CYCLE]]);
  });

  it('reports a cycle made of type-only imports, which import-x/no-cycle lets pass', async () => {
    expect(await firing('lint/fixtures/type-cycle/*.ts')).toEqual([[CYCLE], [CYCLE]]);
    const importX = new ESLint({ cwd: root, ignore: false, overrideConfig: { rules: { [CYCLE]: 'off', 'import-x/no-cycle': 'error' } } });
    expect((await importX.lintFiles(['lint/fixtures/type-cycle/*.ts'])).flatMap((result) => result.messages)).toEqual([]);
  });

  it('follows re-exports, import() types and value imports alike, and names the files around the cycle', async () => {
    const results = await withFixtures.lintFiles(['lint/fixtures/mixed-cycle/*.ts']);
    expect(results.map((result) => result.messages.map((message) => message.ruleId))).toEqual([[CYCLE], [CYCLE], [CYCLE]]);
    const account = results.find((result) => result.filePath.endsWith('account.ts'))!;
    expect(account.messages[0]!.message).toContain(
      'lint/fixtures/mixed-cycle/account.ts → lint/fixtures/mixed-cycle/session.ts → lint/fixtures/mixed-cycle/token.ts → lint/fixtures/mixed-cycle/account.ts',
    );
  });

  it('lets two ways to one module pass: a diamond is no cycle', async () => {
    expect(await firing('lint/fixtures/diamond/*.ts')).toEqual([[], [], [], []]);
  });

  it("catches a type import from the server's floor back up to a service: both the layer and the cycle", async () => {
    const [result] = await eslint.lintText(
      "import type { AuthService } from '../services/auth.service.ts';\n\nexport type Authenticator = AuthService;\n",
      { filePath: join(root, 'apps/server/src/domain/account.ts') },
    );
    expect(result!.messages.map((message) => message.ruleId).sort()).toEqual([RESTRICTED, CYCLE]);
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
