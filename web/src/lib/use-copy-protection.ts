/** Copy protection over the pages (copy-guard.ts) while the page gives a copy feature. */
import { useEffect, useRef, type RefObject } from 'react';
import type { TCopyBudget } from '@shared/reader';
import { toast } from '@web/lib/toast';
import { installCopyGuard } from './copy-guard';

export interface TCopyFeature {
  budget: TCopyBudget | null;
  record(characters: number): Promise<TCopyBudget>;
  onBudget(budget: TCopyBudget): void;
  /** Counts a copy while the server cannot be reached (rejects with CopyRefusedError over the budget). */
  recordOffline?(characters: number): Promise<void>;
}

export function useCopyProtection(rootRef: RefObject<HTMLElement | null>, copy: TCopyFeature | undefined): void {
  // The guard is installed once per kind of feature and always reads the latest budget and callbacks.
  const copyRef = useRef(copy);
  copyRef.current = copy;
  const hasCopyGuard = !!copy;
  const hasOfflineCopy = !!copy?.recordOffline;
  useEffect(() => {
    const root = rootRef.current;
    if (!hasCopyGuard || !root) return;
    return installCopyGuard({
      root,
      getBudget: () => copyRef.current?.budget ?? null,
      recordCopy: (characters) => copyRef.current!.record(characters),
      onBudget: (budget) => copyRef.current?.onBudget(budget),
      onRefused: (message) => toast({ variant: 'destructive', title: 'Copy blocked', description: message }),
      recordOfflineCopy: hasOfflineCopy ? (characters) => copyRef.current!.recordOffline!(characters) : undefined,
    });
  }, [rootRef, hasCopyGuard, hasOfflineCopy]);
}
