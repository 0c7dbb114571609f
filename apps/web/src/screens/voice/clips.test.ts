/// <reference types="node" />
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VOICE_CLIP_TEXT } from '@portal/shared/rules/vi-speech';
import { gapBefore, voicedRange } from './clips';

describe('trimming a clip', () => {
  it('keeps from the first to the last loud sample, widened by the margin', () => {
    const s = new Float32Array([0, 0.001, 0, 0.5, -0.3, 0.01, 0.2, 0, 0, 0]);
    expect(voicedRange(s, 0.02)).toEqual({ start: 3, end: 7 });
    expect(voicedRange(s, 0.02, 2)).toEqual({ start: 1, end: 9 });
    expect(voicedRange(s, 0.02, 50)).toEqual({ start: 0, end: 10 });
  });
  it('a single loud sample, and silence', () => {
    expect(voicedRange(new Float32Array([0, 0, -0.9]), 0.02)).toEqual({ start: 2, end: 3 });
    expect(voicedRange(new Float32Array([0, 0.01, -0.01]), 0.02)).toBeNull();
  });
  it('pauses longer around the phrases than between number words', () => {
    expect(gapBefore('moi-benh-nhan-so', 0)).toBe(0);
    expect(gapBefore('vao-phong', 4)).toBeGreaterThan(gapBefore('hai', 2));
  });
});

describe('the recorded clips', () => {
  const dir = fileURLToPath(new URL('../../../public/voice/vi/', import.meta.url));
  const files = readdirSync(dir);
  it('one small Ogg file per clip the sentence builder can ask for, and no other', () => {
    expect(files.sort()).toEqual(
      Object.keys(VOICE_CLIP_TEXT)
        .map((k) => `${k}.ogg`)
        .sort(),
    );
    const total = files.reduce((sum, f) => sum + statSync(dir + f).size, 0);
    expect(total).toBeLessThan(400 * 1024);
    for (const f of files) expect(statSync(dir + f).size, f).toBeGreaterThan(500);
  });
});
