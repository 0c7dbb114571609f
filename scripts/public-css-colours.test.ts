/**
 * The public price page's stylesheet is plain CSS, linked in <head> so the first paint needs no JS: it
 * cannot call the theme's contrast rule, so it carries its result, and this test keeps the two equal
 * (docs/decisions.md, "Readable colours"). Here rather than in apps/web/src, whose tests read no files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIGHT_BACKGROUNDS, readableOn } from '../apps/web/src/core/theme/contrast';

const CSS = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/public/list-service.css'), 'utf8');

describe('the price page stylesheet', () => {
  it.each([
    ['--ls-primary', '#1677ff'],
    ['--ls-teal', '#13a8a8'],
  ])('%s is the admin theme colour %s shaded to read as text', (name, base) => {
    expect(CSS).toContain(`${name}: ${readableOn(base, LIGHT_BACKGROUNDS)};`);
  });
});
