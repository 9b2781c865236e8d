/** Helpers for the sync, progress and library API tests: mutations with HLC stamps, and a sync call per reader. */
import { encodeHlc } from '@shared/hlc';
import type { TSyncResponse } from '@shared/progress';
import type { TSyncMutationInput } from '@shared/sync.schemas';
import { successBody } from '../../test-utils';
import type { setup } from '../selections/selections-test-support';

export type TTestSetup = ReturnType<typeof setup>;
export type TTestReader = Awaited<ReturnType<TTestSetup['reader']>>;

export interface TWireMutation {
  id: string;
  type: string;
  hlc: string;
  payload: unknown;
}

/** A stamp `offsetMs` from the test clock's now (negative = in the past), from device `node`. */
export function stampAt(t: TTestSetup, offsetMs = 0, node = 'device-a', counter = 0): string {
  return encodeHlc({ wallMs: t.clock.now().getTime() + offsetMs, counter, node });
}

export function mutation(
  input: TSyncMutationInput | { type: string; payload: unknown },
  hlc: string,
  id: string = crypto.randomUUID(),
): TWireMutation {
  return { id, type: input.type, hlc, payload: input.payload };
}

export async function sync(
  reader: TTestReader,
  mutations: TWireMutation[],
  deviceId = 'device-a',
): Promise<TSyncResponse> {
  const response = await reader.api.sync.$post({ json: { deviceId, mutations } });
  if (response.status !== 200) throw new Error(`POST /api/sync answered ${response.status}: ${await response.text()}`);
  return successBody(response);
}

export const isoAt = (t: TTestSetup, offsetMs = 0) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
