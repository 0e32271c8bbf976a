import { readFileSync, statSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import ts from 'typescript';

/**
 * No import cycles, type-only imports included: import-x's no-cycle skips `import type`, yet a cycle
 * of types ties modules together all the same (neither can be read, moved or tested without the
 * other). Imports are found and resolved the way TypeScript does (`ts.preProcessFile`, the nearest
 * tsconfig.json's module resolution), and the walk stays in this repository's sources: a workspace
 * package is reached through node_modules, and packages never import back (no-restricted-paths).
 */

/** tsconfig.json path → its compiler options. */
const compilerOptions = new Map();
/** Source file → what it imports, read again when the file changes on disk. */
const importsOf = new Map();

function optionsFor(file) {
  const configPath = ts.findConfigFile(dirname(file), ts.sys.fileExists);
  if (!configPath) return {};
  let options = compilerOptions.get(configPath);
  if (!options) {
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    options = ts.parseJsonConfigFileContent(config ?? {}, ts.sys, dirname(configPath)).options;
    compilerOptions.set(configPath, options);
  }
  return options;
}

/** The source file `specifier` names from `file`, or undefined for a package, a declaration file or nothing. */
function resolveImport(specifier, file) {
  const resolved = ts.resolveModuleName(specifier, file, optionsFor(file), ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ts.Extension.Dts) return undefined;
  return resolved.resolvedFileName;
}

function importedFiles(file, text) {
  const targets = new Set();
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveImport(fileName, file);
    if (target) targets.add(target);
  }
  return [...targets];
}

function importsOnDisk(file) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = importsOf.get(file);
  if (known?.modified === modified) return known.targets;
  const targets = importedFiles(file, readFileSync(file, 'utf8'));
  importsOf.set(file, { modified, targets });
  return targets;
}

/**
 * The shortest way from `start` back to `file` over the import graph (files, `start` first), or
 * undefined. Files met on a search that found no way back are added to `deadEnds`.
 */
function wayBack(start, file, deadEnds) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let next = 0; next < queue.length; next++) {
    const current = queue[next];
    for (const target of importsOnDisk(current)) {
      if (target === file) {
        const way = [current];
        for (let step = cameFrom.get(current); step !== undefined; step = cameFrom.get(step)) way.unshift(step);
        return way;
      }
      if (cameFrom.has(target) || deadEnds.has(target)) continue;
      cameFrom.set(target, current);
      queue.push(target);
    }
  }
  for (const seen of queue) deadEnds.add(seen);
  return undefined;
}

/** The import's module specifier, for every form that names one in a string. */
function specifierOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
      return node.source?.type === 'Literal' && typeof node.source.value === 'string' ? node.source.value : undefined;
    case 'TSImportType':
      return node.argument?.type === 'TSLiteralType' && typeof node.argument.literal.value === 'string' ? node.argument.literal.value : undefined;
    case 'TSExternalModuleReference':
      return node.expression.type === 'Literal' && typeof node.expression.value === 'string' ? node.expression.value : undefined;
    default:
      return undefined;
  }
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{cycle}}. Type-only imports count: move what both sides share to a module beneath them.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const nodes = [];
    const collect = (node) => {
      if (specifierOf(node) !== undefined) nodes.push(node);
    };
    return {
      ImportDeclaration: collect,
      ExportAllDeclaration: collect,
      ExportNamedDeclaration: collect,
      ImportExpression: collect,
      TSImportType: collect,
      TSExternalModuleReference: collect,
      'Program:exit'() {
        const deadEnds = new Set();
        const name = (path) => relative(context.cwd, path);
        for (const node of nodes) {
          const target = resolveImport(specifierOf(node), file);
          if (!target || target === file || deadEnds.has(target)) continue;
          const way = wayBack(target, file, deadEnds);
          if (way) context.report({ node, messageId: 'cycle', data: { cycle: [file, ...way, file].map(name).join(' → ') } });
        }
      },
    };
  },
};
