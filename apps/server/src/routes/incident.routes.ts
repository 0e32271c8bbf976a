import { principalOf } from '../http/auth-guard.ts';
import { langOf, ok } from '../http/envelope.ts';
import { serveEndpoints, type RoutePlugin } from './route-kit.ts';

const tags = ['incident'];

/** The incident centre (the bell): what went wrong on the reader's pairs, in the reader's language, and marking it read. */
export const incidentRoutes: RoutePlugin = (app, { auth, incidents }) => {
  const serve = serveEndpoints(app, auth);
  serve('incidentList', { access: 'signed-in', tags, summary: "Incidents of a pair (or of all the reader's pairs), newest first, with the unread count and the halted pairs" }, async (request) =>
    ok(await incidents.list(principalOf(request).admin, request.query, langOf(request))),
  );
  serve('incidentRead', { access: 'signed-in', tags, summary: 'Mark incidents read: the given ids, or every one of a pair (or of all the reader\'s pairs)' }, async (request) =>
    ok(await incidents.markRead(principalOf(request).admin, request.body)),
  );
};
