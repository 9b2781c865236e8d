/** Types of scripts/precache-list.mjs for vite.config.ts and its test. */
export const OFFLINE_SCREENS: readonly string[];
export const SERVER_WRITTEN_PAGES: readonly string[];
/** One chunk of Vite's build manifest (the fields used here). */
export interface TViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type TViteManifest = Record<string, TViteManifestChunk>;
export function filesReadingNeeds(manifest: TViteManifest): Set<string>;
export function readViteManifest(webRoot: string): TViteManifest;
export function keepWhatReadingNeeds(
  webRoot: string,
  pages?: readonly string[],
): <TEntry extends { url: string; revision?: string | null }>(
  entries: TEntry[],
) => Promise<{ manifest: TEntry[]; warnings: string[] }>;
