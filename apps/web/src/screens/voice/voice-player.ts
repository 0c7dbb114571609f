/**
 * The calling screen's voice (docs/voice.md): one sentence at a time (a queue: two calls never talk
 * over each other), the chime first when the screen has it on, the browser's Vietnamese voice when it
 * has one, the recorded clips otherwise (and when the voice fails). When the browser refuses audio
 * before a user gesture, `blocked` turns true: the page shows its banner and calls `unlock` on a key.
 */
import type { CallSentence, VoiceClip } from '@portal/shared/rules/vi-speech';
import type { SpeechOutcome } from './speech';

/** What says the sentences: the browser's voice, the clips, or nothing (volume 0). */
export type VoiceMode = 'speech' | 'clips' | 'off';

export interface VoiceState {
  mode: VoiceMode;
  blocked: boolean;
}

/** What the player needs from the browser (speech.ts, clips.ts, chime.ts in a page; fakes in the tests). */
export interface VoiceOutput {
  /** Whether audio may play now (a suspended AudioContext is asked to resume first). */
  audioReady(): Promise<boolean>;
  /** Whether the browser has a Vietnamese voice (waits briefly for the voice list the first time). */
  hasVoice(): Promise<boolean>;
  speak(text: string, volume: number): Promise<SpeechOutcome>;
  clips(parts: readonly VoiceClip[], volume: number): Promise<void>;
  chime(volume: number): Promise<void>;
  /** Called inside a key or click handler: resumes audio; resolves to whether it now runs. */
  unlock(): Promise<boolean>;
}

export interface VoiceSettings {
  /** 0–100 */
  volume: number;
  chime: boolean;
}

export interface VoicePlayer {
  say(sentence: CallSentence): Promise<void>;
  setSettings(settings: VoiceSettings): void;
  unlock(): void;
  getState(): VoiceState;
  subscribe(listener: () => void): () => void;
}

export function createVoicePlayer(out: VoiceOutput): VoicePlayer {
  let settings: VoiceSettings = { volume: 100, chime: true };
  /** The voice the next sentence will use: clips until the browser's voice list says otherwise. */
  let voice: 'speech' | 'clips' = 'clips';
  let state: VoiceState = { mode: voice, blocked: false };
  const listeners = new Set<() => void>();
  const update = (next: Partial<VoiceState>) => {
    const merged = { ...state, ...next };
    merged.mode = settings.volume <= 0 ? 'off' : voice;
    if (merged.mode === state.mode && merged.blocked === state.blocked) return;
    state = merged;
    for (const l of listeners) l();
  };
  const checkVoice = async () => {
    voice = (await out.hasVoice()) ? 'speech' : 'clips';
    update({});
  };
  void checkVoice();
  // Told at once whether the browser lets the page play sound, so the banner is up before the first call.
  void out.audioReady().then((ready) => update({ blocked: !ready }));
  // The queue is one promise chain: each sentence starts when the one before it has ended.
  let chain: Promise<void> = Promise.resolve();

  async function run(sentence: CallSentence) {
    const volume = Math.min(100, Math.max(0, settings.volume)) / 100;
    if (volume === 0) return;
    if (!(await out.audioReady())) return update({ blocked: true });
    if (settings.chime) await out.chime(volume);
    await checkVoice();
    if (voice === 'speech') {
      const outcome = await out.speak(sentence.text, volume);
      if (outcome === 'spoken') return;
      if (outcome === 'blocked') return update({ blocked: true });
      // the voice failed (a stuck engine): this sentence falls back to the clips
    }
    await out.clips(sentence.parts, volume);
  }

  return {
    say(sentence) {
      const next = chain.then(() => run(sentence)).catch(() => {});
      chain = next;
      return next;
    },
    setSettings(s) {
      settings = s;
      update({});
    },
    unlock() {
      update({ blocked: false });
      void out.unlock().then((running) => update({ blocked: !running }));
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
