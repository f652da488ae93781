import { describe, expect, it, vi } from 'vitest';
import { oneAtATime, slots } from '../src/lib/concurrency';

/** A promise and the function that settles it, so a test decides when each piece of work ends. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('slots', () => {
  it('runs at most its size at once and starts the waiting ones in the order they asked', async () => {
    const run = slots(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(run.active).toBe(2);
    gates[1]!.open();
    await done[1];
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
    expect(run.active).toBe(2);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect(run.active).toBe(0);
  });

  it('frees the slot of work that failed', async () => {
    const run = slots(1);
    await expect(run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(run.active).toBe(0);
    expect(await run(async () => 'next')).toBe('next');
  });

  it('refuses a size that is not a whole number of at least 1', () => {
    expect(() => slots(0)).toThrow(RangeError);
    expect(() => slots(1.5)).toThrow(RangeError);
  });
});

describe('oneAtATime', () => {
  it('runs work for one key in turn and lets other keys through', async () => {
    const run = oneAtATime();
    const first = gate();
    const order: string[] = [];
    const a1 = run('a', async () => {
      await first.opened;
      order.push('a1');
    });
    const a2 = run('a', async () => {
      order.push('a2');
    });
    await run('b', async () => {
      order.push('b');
    });
    expect(order).toEqual(['b']);
    first.open();
    await Promise.all([a1, a2]);
    expect(order).toEqual(['b', 'a1', 'a2']);
  });
});
