/** The back office's plans calls (docs/API.md: admin). Saving also refreshes the public plans the pricing pages show. */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminPlan, TAdminPlanUpdate } from '@shared/admin-plans';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const plansAdminKeys = { all: ['admin', 'plans'] as const };

export const adminPlansQueryOptions = queryOptions({
  queryKey: plansAdminKeys.all,
  queryFn: ({ signal }) => readJson<{ items: TAdminPlan[] }>(api.admin.plans.$get(undefined, withSignal(signal))),
});

export function updatePlan(id: string, changes: TAdminPlanUpdate): Promise<TAdminPlan> {
  return readJson(api.admin.plans[':id'].$patch({ param: encodeParams({ id }), json: changes }));
}
