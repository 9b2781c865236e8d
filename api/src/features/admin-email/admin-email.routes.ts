/**
 * Admin e-mail routes (docs/API.md: admin): template previews and tests, and marketing campaigns (send, cancel). The
 * outbox list and resend stay with the email and auth features. Permission email:manage.
 */
import { Hono } from 'hono';
import { ZCampaignIdParam, ZCampaignRequest, ZTemplateIdParam } from '@shared/admin-email.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import {
  cancelCampaign,
  countAudience,
  createCampaign,
  getCampaign,
  listCampaigns,
  listTemplates,
  previewTemplate,
  sendTemplateTest,
  startCampaignPump,
} from './admin-email.service';

export function createAdminEmailRoutes(deps: AppDeps) {
  const allowed = requirePermission('email:manage');
  return new Hono<AppEnv>()
    .get('/admin/email/templates', allowed, (c) => c.json({ items: listTemplates() }))
    .get('/admin/email/templates/:id', allowed, validate('param', ZTemplateIdParam), (c) =>
      c.json(previewTemplate(deps, { id: c.req.valid('param').id, firstName: c.var.user.firstName })),
    )
    .post('/admin/email/templates/:id/test', allowed, validate('param', ZTemplateIdParam), async (c) =>
      c.json(
        await sendTemplateTest(deps, {
          ...getRequestMeta(c, deps.env),
          adminId: c.var.user.id,
          id: c.req.valid('param').id,
        }),
      ),
    )
    .get('/admin/email/campaigns/audience', allowed, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(countAudience(deps));
    })
    .get('/admin/email/campaigns', allowed, (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listCampaigns(deps) });
    })
    .get('/admin/email/campaigns/:id', allowed, validate('param', ZCampaignIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getCampaign(deps, { id: c.req.valid('param').id }));
    })
    .post('/admin/email/campaigns/:id/cancel', allowed, validate('param', ZCampaignIdParam), (c) =>
      c.json(
        cancelCampaign(deps, { ...getRequestMeta(c, deps.env), adminId: c.var.user.id, id: c.req.valid('param').id }),
      ),
    )
    .post('/admin/email/campaigns', allowed, validate('json', ZCampaignRequest), (c) => {
      const campaign = createCampaign(deps, {
        ...getRequestMeta(c, deps.env),
        adminId: c.var.user.id,
        request: c.req.valid('json'),
      });
      void startCampaignPump(deps);
      return c.json(campaign, 201);
    });
}
