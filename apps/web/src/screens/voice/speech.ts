/**
 * The browser's own Vietnamese voice (speechSynthesis), when it has one: Windows ("Microsoft An"),
 * Android and ChromeOS usually do, a bare Linux Chromium does not.
 */

/** A voice for Vietnamese among `voices` (vi-VN first, then any vi-*), or null. */
export function pickVietnameseVoice(voices: readonly SpeechSynthesisVoice[]): SpeechSynthesisVoice | null {
  const vi = voices.filter((v) => /^vi([-_]|$)/i.test(v.lang));
  return vi.find((v) => /^vi[-_]vn$/i.test(v.lang) && v.localService) ?? vi.find((v) => /^vi[-_]vn$/i.test(v.lang)) ?? vi[0] ?? null;
}

/**
 * The Vietnamese voice, waiting up to `waitMs` for the list: browsers fill `getVoices()` asynchronously
 * and say so with `voiceschanged`. Null when there is none by then.
 */
export function findVietnameseVoice(synth: SpeechSynthesis, waitMs = 1500): Promise<SpeechSynthesisVoice | null> {
  const now = pickVietnameseVoice(synth.getVoices());
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', onChange);
      resolve(pickVietnameseVoice(synth.getVoices()));
    };
    const onChange = () => {
      if (pickVietnameseVoice(synth.getVoices())) done();
    };
    const timer = setTimeout(done, waitMs);
    synth.addEventListener('voiceschanged', onChange);
  });
}

export type SpeechOutcome = 'spoken' | 'blocked' | 'failed';

/** Speaks `text`; 'blocked' when the browser refuses audio before a user gesture. */
export function speak(synth: SpeechSynthesis, voice: SpeechSynthesisVoice, text: string, volume: number): Promise<SpeechOutcome> {
  return new Promise((resolve) => {
    const u = new SpeechSynthesisUtterance(text);
    u.voice = voice;
    u.lang = voice.lang;
    u.volume = volume;
    u.rate = 0.9;
    // Chromium sometimes never fires 'end' (a stuck engine): give up after a generous reading time.
    const timer = setTimeout(() => finish('failed'), 4000 + text.length * 150);
    function finish(outcome: SpeechOutcome) {
      clearTimeout(timer);
      u.onend = null;
      u.onerror = null;
      if (outcome === 'failed') synth.cancel();
      resolve(outcome);
    }
    u.onend = () => finish('spoken');
    u.onerror = (e) => finish(e.error === 'not-allowed' ? 'blocked' : 'failed');
    synth.cancel();
    synth.speak(u);
  });
}
