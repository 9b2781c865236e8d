import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPositionSaver } from './position-saver';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createPositionSaver', () => {
  it('saves once, one second after the reader stops moving, with the last page', () => {
    const save = vi.fn();
    const saver = createPositionSaver({ save });
    saver.update({ page: 2, totalPages: 100 });
    vi.advanceTimersByTime(600);
    saver.update({ page: 3, totalPages: 100 });
    vi.advanceTimersByTime(600);
    saver.update({ page: 4, totalPages: 100 });
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledExactlyOnceWith({ page: 4, totalPages: 100 });
  });

  it('does not save the position it already saved or restored', () => {
    const save = vi.fn();
    const saver = createPositionSaver({ save, initial: { page: 30, totalPages: 100 } });
    saver.update({ page: 30, totalPages: 100 });
    vi.advanceTimersByTime(2000);
    expect(save).not.toHaveBeenCalled();
    saver.update({ page: 31, totalPages: 100 });
    vi.advanceTimersByTime(1000);
    saver.update({ page: 31, totalPages: 100 });
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush writes a pending position at once; cancel forgets it', () => {
    const save = vi.fn();
    const saver = createPositionSaver({ save });
    saver.update({ page: 8, totalPages: 10 });
    saver.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith({ page: 8, totalPages: 10 });
    saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    saver.update({ page: 9, totalPages: 10 });
    saver.cancel();
    vi.advanceTimersByTime(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('ignores impossible positions', () => {
    const save = vi.fn();
    const saver = createPositionSaver({ save, delayMs: 10 });
    saver.update({ page: 0, totalPages: 10 });
    saver.update({ page: 2.5, totalPages: 10 });
    saver.update({ page: 3, totalPages: 0 });
    vi.advanceTimersByTime(100);
    expect(save).not.toHaveBeenCalled();
  });
});
