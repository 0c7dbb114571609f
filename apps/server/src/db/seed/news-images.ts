import { encodePng } from './demo-images';

/**
 * Cover images of the demo news, drawn here as real PNG files (./demo-images.ts): a diagonal gradient in the article's colour
 * with a medical cross and soft circles, different for every seed. Stored through the content image store like an
 * upload, so they are served by /api/content/v1/images like any editor's image.
 */

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A 16:9 cover (640 × 360): gradient from `from` to `to`, a white cross, and circles placed by `seed`. */
export function coverPng(from: [number, number, number], to: [number, number, number], seed: number, width = 640, height = 360): Buffer {
  const circles = [0, 1, 2].map((i) => ({
    cx: ((seed * 97 + i * 211) % width) | 0,
    cy: ((seed * 53 + i * 131) % height) | 0,
    r: 40 + ((seed * 17 + i * 29) % 70),
  }));
  const cx = width * 0.72;
  const cy = height * 0.5;
  const arm = height * 0.28;
  const thick = height * 0.09;
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    let c: [number, number, number] = [mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t)];
    for (const k of circles) {
      if ((x - k.cx) ** 2 + (y - k.cy) ** 2 < k.r * k.r) c = [mix(c[0], 255, 0.12), mix(c[1], 255, 0.12), mix(c[2], 255, 0.12)];
    }
    const inCross = (Math.abs(x - cx) < thick && Math.abs(y - cy) < arm) || (Math.abs(y - cy) < thick && Math.abs(x - cx) < arm);
    return inCross ? [255, 255, 255] : c;
  });
}
