import { deflateSync } from 'node:zlib';

/**
 * Cover images of the demo news, drawn here as real PNG files (no image library is installed, and content images must
 * be JPEG, PNG or WebP — core/uploads.ts reads the type from the bytes): a diagonal gradient in the article's colour
 * with a medical cross and soft circles, different for every seed. Stored through the content image store like an
 * upload, so they are served by /api/content/v1/images like any editor's image.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (8-bit RGB) of `width` × `height` whose pixel colours `pixel(x, y)` gives as [r, g, b]. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]);
}

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
      const d = Math.hypot(x - k.cx, y - k.cy);
      if (d < k.r) c = [mix(c[0], 255, 0.12), mix(c[1], 255, 0.12), mix(c[2], 255, 0.12)];
    }
    const inCross = (Math.abs(x - cx) < thick && Math.abs(y - cy) < arm) || (Math.abs(y - cy) < thick && Math.abs(x - cx) < arm);
    return inCross ? [255, 255, 255] : c;
  });
}
