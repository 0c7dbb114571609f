/**
 * The chime before a call: two soft tones (a "ding-dong", E6 then C6) made by the Web Audio API, no file.
 * Resolves when the second tone has faded.
 */
const TONES = [
  { frequency: 1318.5, start: 0, length: 0.6 },
  { frequency: 1046.5, start: 0.45, length: 0.9 },
];
export const CHIME_SECONDS = 1.35;

/** `volume` 0–1. */
export function playChime(ctx: AudioContext, volume: number): Promise<void> {
  const t0 = ctx.currentTime + 0.02;
  for (const tone of TONES) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = tone.frequency;
    const start = t0 + tone.start;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.6 * volume), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + tone.length + 0.05);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
  }
  return new Promise((resolve) => setTimeout(resolve, CHIME_SECONDS * 1000));
}
