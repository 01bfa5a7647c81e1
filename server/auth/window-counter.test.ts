import { describe, expect, it } from 'vitest';
import { createWindowCounter } from './window-counter.ts';

function counterWithClock(maxKeys = 10) {
  const clock = { ms: 0 };
  const counter = createWindowCounter({ windowMs: 60_000, maxKeys, now: () => clock.ms });
  return { counter, clock };
}

describe('createWindowCounter', () => {
  it('counts a key within the window that its first event starts, then starts afresh', () => {
    const { counter, clock } = counterWithClock();
    counter.add('a');
    clock.ms = 59_000;
    counter.add('a');
    expect(counter.count('a')).toBe(2);
    expect(counter.secondsLeft('a')).toBe(1);
    clock.ms = 60_000;
    expect(counter.count('a')).toBe(0);
    expect(counter.secondsLeft('a')).toBe(0);
    counter.add('a');
    expect(counter.count('a')).toBe(1);
    expect(counter.secondsLeft('a')).toBe(60);
  });

  it('takes back some events of a key, or all', () => {
    const { counter } = counterWithClock();
    for (let i = 0; i < 3; i++) counter.add('a');
    counter.remove('a', 2);
    expect(counter.count('a')).toBe(1);
    counter.remove('a', 5);
    expect(counter.count('a')).toBe(0);
    counter.add('b');
    counter.remove('b');
    expect(counter.count('b')).toBe(0);
  });

  it('keeps at most maxKeys keys, letting the oldest window go first', () => {
    const { counter, clock } = counterWithClock(2);
    counter.add('first');
    clock.ms = 1_000;
    counter.add('second');
    counter.add('first');
    clock.ms = 2_000;
    counter.add('third');
    expect(['first', 'second', 'third'].map((key) => counter.count(key))).toEqual([0, 1, 1]);
  });

  it('drops ended windows before it drops live ones', () => {
    const { counter, clock } = counterWithClock(2);
    counter.add('ended');
    clock.ms = 30_000;
    counter.add('live');
    clock.ms = 60_000;
    counter.add('new');
    expect(['live', 'new'].map((key) => counter.count(key))).toEqual([1, 1]);
  });
});
