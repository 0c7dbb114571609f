/**
 * The recorded fallback voice (docs/voice.md): the clips of a sentence decoded once, their silent
 * edges trimmed, and played back to back through one gain node of the screen's AudioContext.
 */
import { VOICE_CLIP_TEXT, type VoiceClip, voiceClipUrl } from '@portal/shared/rules/vi-speech';

interface Clip {
  buffer: AudioBuffer;
  /** The voiced part, in seconds. */
  start: number;
  end: number;
}

/** The first and last sample louder than `threshold`, widened by `margin` samples; null when all is silence. */
export function voicedRange(samples: Float32Array, threshold = 0.02, margin = 0): { start: number; end: number } | null {
  let first = -1;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]!) > threshold) {
      first = i;
      break;
    }
  }
  if (first < 0) return null;
  let last = first;
  for (let i = samples.length - 1; i > first; i--) {
    if (Math.abs(samples[i]!) > threshold) {
      last = i;
      break;
    }
  }
  return { start: Math.max(0, first - margin), end: Math.min(samples.length, last + 1 + margin) };
}

/** Silence between two clips: a comma's pause around the phrases, a short breath between number words. */
export function gapBefore(clip: VoiceClip, index: number): number {
  if (index === 0) return 0;
  return VOICE_CLIP_TEXT[clip].includes(' ') ? 0.3 : 0.04;
}

export interface ClipPlayer {
  /** Fetches and decodes every clip (in the background at start, so the first call is not late). */
  preload(): Promise<void>;
  /** Plays the clips in order at `volume` (0–1); resolves when the last has ended. Clips that fail to load are skipped. */
  play(parts: readonly VoiceClip[], volume: number): Promise<void>;
}

export function createClipPlayer(ctx: AudioContext, base = '/voice/vi/'): ClipPlayer {
  // A fixed set of 21 small clips: the cache cannot grow past it. A failed load is not kept (tried again next time).
  const cache = new Map<VoiceClip, Promise<Clip | null>>();

  async function fetchClip(key: VoiceClip): Promise<Clip | null> {
    try {
      const res = await fetch(voiceClipUrl(key, base));
      if (!res.ok) throw new Error(String(res.status));
      const buffer = await ctx.decodeAudioData(await res.arrayBuffer());
      const margin = Math.round(0.015 * buffer.sampleRate);
      const range = voicedRange(buffer.getChannelData(0), 0.02, margin) ?? { start: 0, end: buffer.length };
      return { buffer, start: range.start / buffer.sampleRate, end: range.end / buffer.sampleRate };
    } catch {
      cache.delete(key);
      return null;
    }
  }
  const load = (key: VoiceClip) => {
    let p = cache.get(key);
    if (!p) {
      p = fetchClip(key);
      cache.set(key, p);
    }
    return p;
  };

  return {
    async preload() {
      await Promise.all((Object.keys(VOICE_CLIP_TEXT) as VoiceClip[]).map(load));
    },
    async play(parts, volume) {
      const clips = await Promise.all(parts.map(load));
      const gain = ctx.createGain();
      gain.gain.value = volume;
      gain.connect(ctx.destination);
      let at = ctx.currentTime + 0.05;
      const sources: AudioBufferSourceNode[] = [];
      clips.forEach((clip, i) => {
        if (!clip) return;
        at += gapBefore(parts[i]!, i);
        const source = ctx.createBufferSource();
        source.buffer = clip.buffer;
        source.connect(gain);
        source.start(at, clip.start, clip.end - clip.start);
        at += clip.end - clip.start;
        sources.push(source);
      });
      const seconds = at - ctx.currentTime;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1000) + 50));
      for (const s of sources) s.disconnect();
      gain.disconnect();
    },
  };
}
