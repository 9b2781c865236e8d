/**
 * Hybrid logical clock (docs/ARCHITECTURE.md#sync): every change a device makes offline carries a stamp made of
 * the device's physical time in epoch ms, a counter that orders changes within (or behind) the same
 * millisecond, and the node (device) id that breaks exact ties. Stamps only move forward on a node,
 * even when its wall clock goes back, and a node that hears a later stamp (from the server) moves
 * past it, so causally later changes always carry larger stamps.
 *
 * The text form is fixed width (15-digit ms, 6-digit counter, then the node id), so comparing two
 * encoded stamps as plain strings gives the same order as comparing the tuples; the database stores
 * and compares them as text.
 *
 * A device whose clock runs far ahead would otherwise win every last-writer-wins comparison for as
 * long as its clock stays ahead. The server therefore bounds stamps on arrival (`boundStamp`):
 * a stamp more than HLC_MAX_AHEAD_MS ahead of server time is pulled back to server time.
 * Pure: no I/O, no clock of its own (callers pass `nowMs`).
 */

export interface THlc {
  /** Physical component, epoch milliseconds. */
  wallMs: number;
  /** Logical component: orders stamps that share a wallMs. */
  counter: number;
  /** The node (device) that made the stamp; breaks exact ties. */
  node: string;
}

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 6;
export const HLC_MAX_WALL_MS = 10 ** WALL_DIGITS - 1;
export const HLC_MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;
/** Stamps further ahead of server time than this are clamped by the server (a device clock far in the future). */
export const HLC_MAX_AHEAD_MS = 5 * 60 * 1000;

const NODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const STAMP_PATTERN = new RegExp(`^(\\d{${WALL_DIGITS}})-(\\d{${COUNTER_DIGITS}})-([A-Za-z0-9_-]{1,64})$`);
/** The longest encoded stamp: wall, counter, node and two separators. */
export const HLC_MAX_LENGTH = WALL_DIGITS + COUNTER_DIGITS + 64 + 2;

export function isValidNode(node: string): boolean {
  return NODE_PATTERN.test(node);
}

/** A node id safe for stamps: anything outside [A-Za-z0-9_-] is dropped, at most 64 characters. */
export function toNodeId(raw: string): string {
  const cleaned = raw.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  return cleaned || 'node';
}

export function createHlc(node: string): THlc {
  if (!isValidNode(node)) throw new Error(`Invalid HLC node id: ${JSON.stringify(node)}`);
  return { wallMs: 0, counter: 0, node };
}

/** Keeps the counter inside its digits: past the maximum the stamp moves to the next millisecond. */
function normalise(wallMs: number, counter: number, node: string): THlc {
  if (counter > HLC_MAX_COUNTER) return { wallMs: wallMs + 1, counter: 0, node };
  return { wallMs, counter, node };
}

function saneNow(nowMs: number): number {
  return Number.isFinite(nowMs) ? Math.min(Math.max(Math.floor(nowMs), 0), HLC_MAX_WALL_MS) : 0;
}

/** A stamp for a change made on this node at local time `nowMs`; the result is the node's new state. */
export function tick(state: THlc, nowMs: number): THlc {
  const now = saneNow(nowMs);
  if (now > state.wallMs) return { wallMs: now, counter: 0, node: state.node };
  return normalise(state.wallMs, state.counter + 1, state.node);
}

/**
 * The node's state after hearing `remote` (for example the server's time after a sync) at local time
 * `nowMs`. With `maxAheadMs`, a remote stamp further than that ahead of `nowMs` only counts as
 * `nowMs + maxAheadMs`, so one bad clock cannot drag every node into the future.
 */
export function receive(state: THlc, remote: THlc, nowMs: number, options: { maxAheadMs?: number } = {}): THlc {
  const now = saneNow(nowMs);
  let remoteWall = remote.wallMs;
  let remoteCounter = remote.counter;
  if (options.maxAheadMs !== undefined && remoteWall > now + options.maxAheadMs) {
    remoteWall = now + options.maxAheadMs;
    remoteCounter = 0;
  }
  const wall = Math.max(state.wallMs, remoteWall, now);
  let counter: number;
  if (wall === state.wallMs && wall === remoteWall) counter = Math.max(state.counter, remoteCounter) + 1;
  else if (wall === state.wallMs) counter = state.counter + 1;
  else if (wall === remoteWall) counter = remoteCounter + 1;
  else counter = 0;
  return normalise(wall, counter, state.node);
}

export function encodeHlc(stamp: THlc): string {
  return `${String(stamp.wallMs).padStart(WALL_DIGITS, '0')}-${String(stamp.counter).padStart(COUNTER_DIGITS, '0')}-${stamp.node}`;
}

/** The stamp in `text`, or null when it is not a well-formed encoded stamp. */
export function parseHlc(text: string): THlc | null {
  const match = STAMP_PATTERN.exec(text);
  if (!match) return null;
  return { wallMs: Number(match[1]), counter: Number(match[2]), node: match[3] };
}

/** Orders encoded stamps: negative when a is earlier, 0 when equal, positive when later. */
export function compareHlc(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareStamps(a: THlc, b: THlc): number {
  return a.wallMs - b.wallMs || a.counter - b.counter || (a.node < b.node ? -1 : a.node > b.node ? 1 : 0);
}

/**
 * The server's bound on arriving stamps: one more than `toleranceMs` ahead of `serverNowMs` is
 * pulled back to `serverNowMs` (keeping its counter and node), so a device with a clock in the future
 * cannot pin a last-writer-wins value: changes made after the upload still win.
 */
export function boundStamp(
  stamp: THlc,
  serverNowMs: number,
  toleranceMs = HLC_MAX_AHEAD_MS,
): { stamp: THlc; clamped: boolean } {
  if (stamp.wallMs <= serverNowMs + toleranceMs) return { stamp, clamped: false };
  return {
    stamp: { wallMs: Math.max(0, Math.floor(serverNowMs)), counter: stamp.counter, node: stamp.node },
    clamped: true,
  };
}
