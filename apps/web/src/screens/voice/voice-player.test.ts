import { describe, expect, it } from 'vitest';
import { callSentence } from '@portal/shared/rules/vi-speech';
import type { SpeechOutcome } from './speech';
import { createVoicePlayer, type VoiceOutput } from './voice-player';

/** A fake output that logs what it plays; each sound ends when the test says so (or at once). */
function fakeOutput(opts: { voice?: boolean; ready?: boolean; speech?: SpeechOutcome; manual?: boolean } = {}) {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  let playing = 0;
  let overlap = false;
  const sound = (what: string) => {
    log.push(what);
    playing++;
    if (playing > 1) overlap = true;
    return new Promise<void>((resolve) => {
      const end = () => {
        playing--;
        resolve();
      };
      if (opts.manual) pending.push(end);
      else queueMicrotask(end);
    });
  };
  let ready = opts.ready ?? true;
  const output: VoiceOutput = {
    audioReady: async () => ready,
    hasVoice: async () => opts.voice ?? false,
    speak: async (text, volume) => {
      await sound(`speak ${text} @${volume}`);
      return opts.speech ?? 'spoken';
    },
    clips: (parts, volume) => sound(`clips ${parts.join(' ')} @${volume}`),
    chime: (volume) => sound(`chime @${volume}`),
    unlock: async () => {
      ready = true;
      return true;
    },
  };
  return { output, log, pending, overlapped: () => overlap };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const twelve = callSentence({ number: 12, name: 'Nguyễn Văn An', roomName: 'Phòng 101' });
const five = callSentence({ number: 5, name: null, roomName: 'Phòng khám Nhi' });

describe('the voice player', () => {
  it('plays the clips, after the chime, when the browser has no Vietnamese voice', async () => {
    const f = fakeOutput({ voice: false });
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 80, chime: true });
    await player.say(twelve);
    expect(f.log).toEqual(['chime @0.8', 'clips moi-benh-nhan-so muoi hai vao-phong mot tram linh mot @0.8']);
    expect(player.getState()).toEqual({ mode: 'clips', blocked: false });
  });

  it('speaks the sentence (with the name) with the browser voice, without a chime when it is off', async () => {
    const f = fakeOutput({ voice: true });
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 50, chime: false });
    await player.say(twelve);
    expect(f.log).toEqual(['speak Mời bệnh nhân số mười hai, Nguyễn Văn An, vào Phòng một trăm linh một @0.5']);
    expect(player.getState().mode).toBe('speech');
  });

  it('falls back to the clips for a sentence the voice fails to say', async () => {
    const f = fakeOutput({ voice: true, speech: 'failed' });
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 100, chime: false });
    await player.say(five);
    expect(f.log).toEqual(['speak Mời bệnh nhân số năm, vào Phòng khám Nhi @1', 'clips moi-benh-nhan-so nam vao-phong-kham @1']);
  });

  it('queues the sentences: the second starts only when the first has ended', async () => {
    const f = fakeOutput({ manual: true });
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 100, chime: true });
    const first = player.say(twelve);
    const second = player.say(five);
    await settle();
    expect(f.log).toEqual(['chime @1']);
    for (let i = 0; i < 10 && (f.pending.length > 0 || f.log.length < 4); i++) {
      f.pending.shift()?.();
      await settle();
    }
    await Promise.all([first, second]);
    expect(f.log.map((l) => l.split(' ')[0])).toEqual(['chime', 'clips', 'chime', 'clips']);
    expect(f.log[3]).toContain('nam vao-phong-kham');
    expect(f.overlapped()).toBe(false);
  });

  it('says nothing at volume 0', async () => {
    const f = fakeOutput();
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 0, chime: true });
    await player.say(twelve);
    expect(f.log).toEqual([]);
    expect(player.getState().mode).toBe('off');
  });

  it('reports blocked audio (the banner), says nothing, and unblocks on unlock', async () => {
    const f = fakeOutput({ ready: false });
    const player = createVoicePlayer(f.output);
    let changes = 0;
    player.subscribe(() => changes++);
    await settle();
    expect(player.getState().blocked).toBe(true);
    await player.say(twelve);
    expect(f.log).toEqual([]);
    player.unlock();
    expect(player.getState().blocked).toBe(false);
    await player.say(five);
    expect(f.log.at(-1)).toContain('clips moi-benh-nhan-so nam');
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('a voice that refuses to speak before a gesture is blocked audio too', async () => {
    const f = fakeOutput({ voice: true, speech: 'blocked' });
    const player = createVoicePlayer(f.output);
    player.setSettings({ volume: 100, chime: false });
    await player.say(twelve);
    expect(player.getState().blocked).toBe(true);
    expect(f.log.some((l) => l.startsWith('clips'))).toBe(false);
  });
});
