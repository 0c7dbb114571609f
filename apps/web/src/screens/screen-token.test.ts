import { describe, expect, it } from 'vitest';
import { readScreenToken } from './screen-token';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('the screen link token', () => {
  it('comes from the hash and is remembered for a reload of the bare page', () => {
    const s = memory();
    expect(readScreenToken('display', '#tok-1', s)).toBe('tok-1');
    expect(readScreenToken('display', '', s)).toBe('tok-1');
    expect(readScreenToken('display', '#', s)).toBe('tok-1');
  });

  it('a new hash replaces the remembered token; display and kiosk are kept apart', () => {
    const s = memory();
    readScreenToken('display', '#old', s);
    expect(readScreenToken('display', '#new', s)).toBe('new');
    expect(readScreenToken('display', '', s)).toBe('new');
    expect(readScreenToken('kiosk', '', s)).toBeNull();
    readScreenToken('kiosk', '#k', s);
    expect(readScreenToken('display', '', s)).toBe('new');
  });

  it('decodes an escaped hash and trims it', () => {
    expect(readScreenToken('kiosk', '#%20ab%2Bc ', memory())).toBe('ab+c');
    expect(readScreenToken('kiosk', '#ab%E0', memory())).toBe('ab%E0');
  });

  it('works without storage, and when storage throws', () => {
    expect(readScreenToken('display', '#t', null)).toBe('t');
    expect(readScreenToken('display', '', null)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readScreenToken('display', '#t', broken)).toBe('t');
    expect(readScreenToken('display', '', broken)).toBeNull();
  });
});
