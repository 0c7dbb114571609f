/** The voice player's output in a browser: one AudioContext for the page's life, its speech voice, its clips. */
import { playChime } from './chime';
import { createClipPlayer } from './clips';
import { findVietnameseVoice, pickVietnameseVoice, speak } from './speech';
import type { VoiceOutput } from './voice-player';

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

export function createBrowserVoice(): VoiceOutput {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  const ctx = Ctx ? new Ctx() : null;
  const clips = ctx ? createClipPlayer(ctx) : null;
  void clips?.preload();
  const synth = 'speechSynthesis' in window ? window.speechSynthesis : null;
  let voice: SpeechSynthesisVoice | null = null;
  const firstLook = synth ? findVietnameseVoice(synth).then((v) => (voice = v)) : Promise.resolve(null);
  // Voices may arrive (or go) later; one listener for the page's life.
  synth?.addEventListener('voiceschanged', () => {
    voice = pickVietnameseVoice(synth.getVoices());
  });
  const running = () => ctx?.state === 'running';

  return {
    async audioReady() {
      if (!ctx) return !!synth;
      // Chromium keeps resume() pending (not rejected) until a user gesture: wait a moment, then look.
      if (!running())
        await within(
          ctx.resume().catch(() => {}),
          400,
        );
      return running();
    },
    async hasVoice() {
      await firstLook;
      return voice !== null;
    },
    speak: (text, volume) => (synth && voice ? speak(synth, voice, text, volume) : Promise.resolve('failed')),
    clips: (parts, volume) => (clips ? clips.play(parts, volume) : Promise.resolve()),
    chime: (volume) => (ctx ? playChime(ctx, volume) : Promise.resolve()),
    async unlock() {
      // Both inside the gesture's handler: a silent utterance unlocks speech, resume() the AudioContext.
      if (synth) {
        const u = new SpeechSynthesisUtterance(' ');
        u.volume = 0;
        synth.speak(u);
      }
      if (!ctx) return true;
      await within(
        ctx.resume().catch(() => {}),
        1000,
      );
      return running();
    },
  };
}
