import { parseSchemasWithoutEval } from '@makerdesk/contract/schema-runtime';

/**
 * Imported first by each page's entry (the console and the chart), and importing nothing that
 * builds a schema: zod is set to parse without `new Function` (which the content security policy
 * forbids) before the contract's schemas are built.
 */
parseSchemasWithoutEval();
