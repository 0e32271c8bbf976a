import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './lint/no-import-cycle.js';

const root = import.meta.dirname;
const webSrc = 'apps/web/src';

/** Folders of a directory, read when lint starts, so a new feature or package gets its zone without an edit here. */
function folders(dir) {
  return readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Packages depend one way: decimal ← contract, format ← exchange ← engine ← server; the web app
 * reaches only contract, format and decimal. Each entry lists what a workspace may import; a
 * package that does not exist yet (engine, decimal) is covered by its path all the same.
 */
const packageDependencies = {
  decimal: [],
  contract: ['decimal'],
  format: ['decimal'],
  exchange: ['contract', 'format', 'decimal'],
  engine: ['exchange', 'contract', 'format', 'decimal'],
};
const packageZones = [
  ...Object.entries(packageDependencies).map(([name, allowed]) => ({
    target: `packages/${name}`,
    from: 'packages',
    except: [name, ...allowed].map((dep) => `./${dep}`),
    message: `packages/${name} may import only ${allowed.length ? allowed.join(', ') : 'no other workspace package'}.`,
  })),
  { target: 'packages', from: ['apps', 'e2e', 'bench'], message: 'Packages never import the apps.' },
  {
    target: 'apps/web',
    from: 'packages',
    except: ['./contract', './format', './decimal'],
    message: 'The web app may import only contract, format and decimal; it reaches the server through its typed client.',
  },
  { target: 'apps/web', from: 'apps/server', message: 'The web app reaches the server through its typed client only.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
];

/** bulletproof-react: shared code → features → app, and no feature imports another. */
const features = folders(`${webSrc}/features`);
const sharedWeb = folders(webSrc).filter((name) => name !== 'app' && name !== 'features');
const webZones = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what they share to a shared folder (market-data, components, hooks, lib).',
  })),
  { target: `${webSrc}/features`, from: `${webSrc}/app`, message: 'Features never import the app.' },
  ...sharedWeb.map((shared) => ({
    target: `${webSrc}/${shared}`,
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared web code never imports features or the app.',
  })),
];

/**
 * The server's layers (README, "Layout"), top down: each folder (or file) of apps/server/src, what it
 * is, and what it may import besides itself and the packages. Imports run routes → services →
 * repositories, venues, engine host → domain, db; tests and testing/ reach across them on purpose.
 */
const serverSrc = 'apps/server/src';
const serverLayers = {
  'main.ts': { is: 'the process: start and shutdown', may: ['app.ts', 'config.ts', 'backup', 'services', 'engine', 'venues', 'cluster', 'repositories', 'bus', 'mail', 'security', 'outbound', 'domain', 'db'] },
  'app.ts': { is: 'the HTTP app', may: ['routes', 'http', 'services', 'domain'] },
  'config.ts': { is: 'the settings, read by main.ts', may: ['security', 'outbound'] },
  backup: { is: 'backups of the embedded database: the online backup, its control socket, the backup and restore commands', may: ['config.ts', 'security', 'db'] },
  routes: { is: 'thin: schema, permission, a service call', may: ['http', 'services', 'sessions', 'domain', 'security'], except: ['venues/sim-wire.ts'] },
  http: { is: "the requests' plumbing", may: ['services', 'domain'] },
  services: { is: 'the rules', may: ['engine', 'caches', 'venues', 'alerts', 'cluster', 'sessions', 'repositories', 'bus', 'mail', 'security', 'outbound', 'domain', 'db'] },
  engine: { is: 'the engine host', may: ['cluster', 'repositories', 'bus', 'domain'] },
  caches: { is: 'the hot-path read caches', may: ['sessions', 'repositories', 'bus', 'domain'] },
  venues: { is: 'the simulator seat and live venues', may: ['repositories', 'bus', 'security', 'outbound', 'domain', 'db'] },
  alerts: { is: 'alert delivery', may: ['repositories', 'mail', 'security', 'outbound', 'domain'] },
  cluster: { is: 'several servers: the PostgreSQL bus, bot leases', may: ['repositories', 'bus', 'domain'] },
  sessions: { is: 'revoked sessions and the connections they end', may: ['bus', 'domain'] },
  repositories: { is: 'all SQL', may: ['db', 'domain'] },
  bus: { is: 'the cluster bus interface', may: ['domain'] },
  mail: { is: 'outgoing mail', may: ['domain'] },
  domain: { is: 'what the layers share', may: ['db'] },
  security: { is: 'crypto, the master key, client addresses', may: [] },
  outbound: { is: "the guard on calls the server makes for users (alert deliveries, custom venue bases)", may: [] },
  db: { is: 'the schema and the database client', may: [] },
};
const serverZones = Object.entries(serverLayers).map(([name, { is, may, except = [] }]) => ({
  target: `${serverSrc}/${name}`,
  from: serverSrc,
  except: [name, ...may, ...except].map((path) => `./${path}`),
  message: `${serverSrc}/${name} (${is}) may import only ${[...may, ...except].join(', ') || 'the packages'}: imports run routes → services → repositories, venues, engine host → domain, db (README, "Layout").`,
}));

/** Ways to turn a string into markup, each refused in the console's sources. */
const htmlSinkMessage = 'An HTML sink: the console renders text through React only (README, "Security")';
const htmlSinks = [
  "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  "JSXAttribute[name.name='srcDoc']",
  "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
  "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString)$/]",
  "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
].map((selector) => ({ selector, message: htmlSinkMessage }));

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'test-data/', 'coverage/', 'e2e/screenshots/', 'lint/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, makerdesk: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      // The resolver on enhanced-resolve: the newer ones ship native bindings this registry lacks for other platforms, which breaks `npm ci`.
      'import-x/resolver': {
        typescript: {
          project: ['apps/*', 'packages/*', 'e2e', 'bench', 'lint'].map((dir) => `${root}/${dir}/tsconfig.json`),
        },
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...webZones] }],
      // Type-only imports included, which import-x/no-cycle skips.
      'makerdesk/no-import-cycle': 'error',
      // A leading underscore marks what a signature or a destructuring has to name but does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The server's production sources keep to its layers; its tests and testing/ assemble whole servers.
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/**/*.test.ts`, `${serverSrc}/testing/**`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...serverZones] }],
    },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The console keeps its token in localStorage and renders everything as React text: no markup
    // or code from strings anywhere (README, "Security"). Tests may build fixtures as they like.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    ignores: [`${webSrc}/**/*.test.{ts,tsx}`, `${webSrc}/testing/**`],
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      'no-restricted-syntax': ['error', ...htmlSinks],
    },
  },
);
