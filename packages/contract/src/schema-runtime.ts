import { z } from 'zod';

/**
 * Browsers: the console's content security policy allows no string evaluation, and zod 4 compiles
 * its object parsers with `new Function` (probing for it as each object schema is built, which a
 * browser reports as a policy violation even though zod falls back). Called before any schema is
 * built, it makes zod parse without compiling; the server keeps the compiled parsers. A module of
 * its own (`@makerdesk/contract/schema-runtime`, importing zod only), so a page can run it before
 * the contract's schemas are built.
 */
export function parseSchemasWithoutEval(): void {
  z.config({ jitless: true });
}
