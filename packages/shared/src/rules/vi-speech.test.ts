import { describe, expect, it } from 'vitest';
import { VOICE_CLIP_TEXT, callSentence, numberClips, numberToVietnamese, numberWords, spokenRoomName, voiceClipUrl } from './vi-speech';

describe('numbers in Vietnamese words', () => {
  const table: [number, string][] = [
    [0, 'không'],
    [1, 'một'],
    [4, 'bốn'],
    [5, 'năm'],
    [9, 'chín'],
    [10, 'mười'],
    [11, 'mười một'],
    [12, 'mười hai'],
    [14, 'mười bốn'],
    [15, 'mười lăm'],
    [19, 'mười chín'],
    [20, 'hai mươi'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi tư'],
    [25, 'hai mươi lăm'],
    [30, 'ba mươi'],
    [31, 'ba mươi mốt'],
    [44, 'bốn mươi tư'],
    [55, 'năm mươi lăm'],
    [90, 'chín mươi'],
    [91, 'chín mươi mốt'],
    [99, 'chín mươi chín'],
    [100, 'một trăm'],
    [101, 'một trăm linh một'],
    [104, 'một trăm linh bốn'],
    [105, 'một trăm linh năm'],
    [109, 'một trăm linh chín'],
    [110, 'một trăm mười'],
    [111, 'một trăm mười một'],
    [114, 'một trăm mười bốn'],
    [115, 'một trăm mười lăm'],
    [120, 'một trăm hai mươi'],
    [121, 'một trăm hai mươi mốt'],
    [124, 'một trăm hai mươi tư'],
    [125, 'một trăm hai mươi lăm'],
    [200, 'hai trăm'],
    [305, 'ba trăm linh năm'],
    [515, 'năm trăm mười lăm'],
    [555, 'năm trăm năm mươi lăm'],
    [999, 'chín trăm chín mươi chín'],
    [1000, 'một nghìn'],
    [1001, 'một nghìn không trăm linh một'],
    [1005, 'một nghìn không trăm linh năm'],
    [1010, 'một nghìn không trăm mười'],
    [1015, 'một nghìn không trăm mười lăm'],
    [1021, 'một nghìn không trăm hai mươi mốt'],
    [1100, 'một nghìn một trăm'],
    [1105, 'một nghìn một trăm linh năm'],
    [2024, 'hai nghìn không trăm hai mươi tư'],
    [5000, 'năm nghìn'],
    [5555, 'năm nghìn năm trăm năm mươi lăm'],
    [9999, 'chín nghìn chín trăm chín mươi chín'],
    [10000, 'một không không không không'],
  ];
  it.each(table)('%i → %s', (n, words) => {
    expect(numberToVietnamese(n)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN])('%s is not a number it reads', (n) => {
    expect(() => numberToVietnamese(n)).toThrow(RangeError);
  });

  // Every number 0–9999 against the reading rules, word by word.
  const all = Array.from({ length: 10000 }, (_, n) => n);
  it('"mốt" only for a unit 1 after "mươi", and every such unit is "mốt"', () => {
    for (const n of all) {
      const w = numberWords(n);
      const tens = Math.floor(n / 10) % 10;
      expect(w.includes('mốt'), String(n)).toBe(n % 10 === 1 && tens >= 2);
      if (w.includes('mốt')) expect(w.at(-2), String(n)).toBe('mươi');
    }
  });
  it('"lăm" for a unit 5 after "mười"/"mươi", "năm" after "linh" or alone', () => {
    for (const n of all) {
      const w = numberWords(n);
      const tens = Math.floor(n / 10) % 10;
      if (n % 10 === 5) expect(w.at(-1), String(n)).toBe(tens >= 1 ? 'lăm' : 'năm');
      else expect(w.includes('lăm'), String(n)).toBe(false);
    }
  });
  it('"tư" only for a unit 4 after "mươi"', () => {
    for (const n of all) {
      const tens = Math.floor(n / 10) % 10;
      expect(numberWords(n).includes('tư'), String(n)).toBe(n % 10 === 4 && tens >= 2);
    }
  });
  it('"linh" exactly when a hundred or thousand is followed by a zero tens digit and a unit', () => {
    for (const n of all) {
      const w = numberWords(n);
      const expected = n >= 100 && Math.floor(n / 10) % 10 === 0 && n % 10 !== 0;
      expect(w.includes('linh'), String(n)).toBe(expected);
      if (expected) expect(w.slice(-3, -1), String(n)).toEqual(['trăm', 'linh']);
    }
  });
  it('"mười" for tens 1 and "<digit> mươi" for tens 2–9, never both', () => {
    for (const n of all) {
      const w = numberWords(n);
      const tens = Math.floor(n / 10) % 10;
      expect(w.includes('mười'), String(n)).toBe(tens === 1);
      expect(w.includes('mươi'), String(n)).toBe(tens >= 2);
      if (tens >= 2) expect(w[w.indexOf('mươi') - 1], String(n)).toBe(numberToVietnamese(tens));
    }
  });
  it('hundreds and thousands: "không trăm" only between a thousand and a non-zero rest', () => {
    for (const n of all) {
      const w = numberWords(n);
      const th = Math.floor(n / 1000);
      const h = Math.floor(n / 100) % 10;
      expect(w.includes('nghìn'), String(n)).toBe(th > 0);
      if (th > 0) expect(w.slice(0, 2), String(n)).toEqual([numberToVietnamese(th), 'nghìn']);
      expect(w.includes('trăm'), String(n)).toBe(h > 0 || (th > 0 && n % 100 > 0));
      if (h === 0 && w.includes('trăm')) expect(w[w.indexOf('trăm') - 1], String(n)).toBe('không');
      expect(w.includes('không'), String(n)).toBe(n === 0 || (th > 0 && h === 0 && n % 100 > 0));
    }
  });
  it('numbers with a zero rest end on their largest unit', () => {
    expect(all.filter((n) => n > 0 && n % 100 === 0).every((n) => numberWords(n).at(-1) === (n % 1000 === 0 ? 'nghìn' : 'trăm'))).toBe(true);
  });
});

describe('the call sentence', () => {
  it('reads the number, the name and the room with its number in words', () => {
    const s = callSentence({ number: 12, name: 'Nguyễn Văn An', roomName: 'Phòng khám Nội 101' });
    expect(s.text).toBe('Mời bệnh nhân số mười hai, Nguyễn Văn An, vào Phòng khám Nội một trăm linh một');
    expect(s.parts).toEqual(['moi-benh-nhan-so', 'muoi', 'hai', 'vao-phong', 'mot', 'tram', 'linh', 'mot']);
  });

  it('leaves the name out when there is none (or it is blank)', () => {
    expect(callSentence({ number: 21, name: null, roomName: 'Phòng 5' }).text).toBe('Mời bệnh nhân số hai mươi mốt, vào Phòng năm');
    expect(callSentence({ number: 21, name: '  ', roomName: 'Phòng 5' }).text).toBe('Mời bệnh nhân số hai mươi mốt, vào Phòng năm');
  });

  it('says "vào phòng khám" when the room name does not end with a number', () => {
    const s = callSentence({ number: 105, name: 'Trần T. B***', roomName: 'Phòng khám Nhi' });
    expect(s.text).toBe('Mời bệnh nhân số một trăm linh năm, Trần T. B***, vào Phòng khám Nhi');
    expect(s.parts).toEqual(['moi-benh-nhan-so', 'mot', 'tram', 'linh', 'nam', 'vao-phong-kham']);
  });

  it('turns every number of the room name into words, and clips only its trailing one', () => {
    expect(spokenRoomName('Tầng 2 - Phòng 215')).toBe('Tầng hai - Phòng hai trăm mười lăm');
    expect(callSentence({ number: 1, name: null, roomName: 'Tầng 2 - Phòng 215' }).parts).toEqual([
      'moi-benh-nhan-so',
      'mot',
      'vao-phong',
      'hai',
      'tram',
      'muoi',
      'lam',
    ]);
    expect(callSentence({ number: 1, name: null, roomName: 'Phòng 2A' }).parts.at(-1)).toBe('vao-phong-kham');
  });

  it('has a recorded clip for every word of every number it can read', () => {
    for (let n = 0; n <= 10000; n++) {
      const clips = numberClips(n);
      expect(clips.map((c) => VOICE_CLIP_TEXT[c]).join(' '), String(n)).toBe(numberToVietnamese(n));
    }
  });

  it('maps a clip to its file', () => {
    expect(voiceClipUrl('mot-sac')).toBe('/voice/vi/mot-sac.ogg');
    expect(voiceClipUrl('lam', '/x/')).toBe('/x/lam.ogg');
  });
});
