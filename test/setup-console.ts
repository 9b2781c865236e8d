/** A test that logs console.error fails (docs/ARCHITECTURE.md#tests), so unexpected errors cannot hide in output. */
import { afterEach, vi } from 'vitest';

let errors: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    throw new Error(`console.error was called ${logged.length} time(s): ${String(logged[0]?.[0])}`);
  }
});

export function allowConsoleError<T>(work: () => T): T {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    return work();
  } finally {
    spy.mockRestore();
  }
}
