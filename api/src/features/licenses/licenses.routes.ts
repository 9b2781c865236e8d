/**
 * Licences (docs/API.md: licenses): POST /api/licenses issues a signed licence for a loan on one of the
 * reader's devices, POST /api/licenses/:id/renew extends one, POST /api/licenses/status reports on the
 * reader's licences (and, when named, on the asking device), and
 * GET /api/.well-known/jwks.json publishes the signing keys the reader verifies licences with.
 */
import { Hono } from 'hono';
import type { TLicenseGrant, TLicenseJwks, TLicenseStatusList } from '@shared/reader';
import { ZIssueLicenseRequest, ZLicenseIdParam, ZLicenseStatusRequest } from '@shared/licenses.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { issueLicense, issueLicenseForBook, licenseStatuses, renewLicense } from './licenses.service';
import { licenseKeyring } from './signing-keys';

/** Short enough that a rotation reaches clients quickly, long enough to spare the server repeat fetches. */
const JWKS_CACHE = 'public, max-age=300';

export function createLicensesRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  return new Hono<AppEnv>()
    .get('/.well-known/jwks.json', async (c) => {
      const { jwks } = await licenseKeyring(env);
      c.header('Cache-Control', JWKS_CACHE);
      return c.json(jwks satisfies TLicenseJwks);
    })
    .post('/licenses', requireAuth(), validate('json', ZIssueLicenseRequest), async (c) => {
      const { loanId, bookId, deviceId, kind } = c.req.valid('json');
      const common = {
        deps,
        userId: c.var.user.id,
        deviceId,
        kind,
        meta: getRequestMeta(c, env),
        sessionId: c.var.sessionId,
      };
      const grant = loanId
        ? await issueLicense({ ...common, loanId })
        : await issueLicenseForBook({ ...common, bookRef: bookId! });
      c.header('Cache-Control', 'no-store');
      return c.json(grant satisfies TLicenseGrant, 201);
    })
    .post('/licenses/:id/renew', requireAuth(), validate('param', ZLicenseIdParam), async (c) => {
      const grant = await renewLicense({
        deps,
        userId: c.var.user.id,
        licenseId: c.req.valid('param').id,
        meta: getRequestMeta(c, env),
        sessionId: c.var.sessionId,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(grant satisfies TLicenseGrant);
    })
    .post('/licenses/status', requireAuth(), validate('json', ZLicenseStatusRequest), (c) => {
      c.header('Cache-Control', 'no-store');
      const { ids, deviceId } = c.req.valid('json');
      const answer = licenseStatuses({ db, userId: c.var.user.id, ids, deviceId, now: now() });
      return c.json(answer satisfies TLicenseStatusList);
    });
}
