import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// WCAG 1.4.11 (non-text contrast) and 2.4.13 (focus appearance): the focus indicator needs at
// least 3:1 against what it sits on. The colours are read from the design tokens themselves.

const root = path.resolve(__dirname, '../..');
const globals = fs.readFileSync(path.join(root, 'styles/globals.css'), 'utf8');

/** The custom properties of the :root block. */
function tokens(css: string): Map<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const withoutComments = block.replace(/\/\*[\s\S]*?\*\//g, '');
  return new Map(
    [...withoutComments.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

const TOKENS = tokens(globals);

/** A value with every var(--x) replaced by the token's value. */
function resolve(value: string, seen = new Set<string>()): string {
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    if (seen.has(name)) throw new Error(`Cycle through ${name}`);
    const v = TOKENS.get(name);
    if (v === undefined) throw new Error(`No token ${name}`);
    return resolve(v, new Set([...seen, name]));
  });
}

function token(name: string): string {
  const v = TOKENS.get(name);
  if (v === undefined) throw new Error(`No token ${name} in styles/globals.css`);
  return resolve(v);
}

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a hex colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.x). */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The declarations of the first rule whose selector is exactly `selector`. */
function declarations(css: string, selector: string): string {
  const rules = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)];
  const rule = rules.find((r) => r[1]!.trim().replace(/\s+/g, ' ') === selector);
  if (!rule) throw new Error(`No rule for ${selector}`);
  return rule[2]!;
}

const FOCUS = token('--color-focus');
const WHITE = '#ffffff';
// The page background is what html and body are painted with.
const PAGE = resolve(/background:\s*([^;]+);/.exec(declarations(globals, 'html, body'))![1]!);

describe('contrast helpers', () => {
  it('match the WCAG reference values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2); // the lightest AA grey
    expect(contrast('#5eead4', '#ffffff')).toBeLessThan(3); // the old ring: 1.5:1
  });
});

describe('the focus ring', () => {
  it('is drawn in the focus colour token', () => {
    const ring = token('--focus-ring');
    const colours = ring.match(/#[0-9a-f]{3,6}\b/gi) ?? [];
    // The outermost shadow is the visible ring; an inner one is only a gap in the surface colour.
    expect(colours.at(-1)?.toLowerCase()).toBe(FOCUS.toLowerCase());
    expect(declarations(globals, ':focus-visible')).toMatch(/box-shadow:\s*var\(--focus-ring\)/);
  });

  it('has at least 3:1 against white', () => {
    expect(contrast(FOCUS, WHITE)).toBeGreaterThanOrEqual(3);
  });

  it('has at least 3:1 against the page background', () => {
    expect(PAGE).toBe(token('--color-surface-alt'));
    expect(contrast(FOCUS, PAGE)).toBeGreaterThanOrEqual(3);
  });

  it('has at least 3:1 against every light surface a control sits on', () => {
    for (const surface of ['--color-surface', '--color-surface-alt', '--color-brand-soft']) {
      expect(contrast(FOCUS, token(surface)), surface).toBeGreaterThanOrEqual(3);
    }
  });

  it('is the only focus style: no component draws its own', () => {
    const dirs = ['components', 'pages', 'styles'];
    const files = dirs.flatMap((d) =>
      (fs.readdirSync(path.join(root, d), { recursive: true }) as string[])
        .filter((f) => f.endsWith('.css'))
        .map((f) => path.join(d, f)),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const css = fs.readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
        if (!/:focus/.test(selector!)) continue;
        for (const [, prop, value] of body!.matchAll(
          /(box-shadow|outline(?:-color)?)\s*:\s*([^;]+);/g,
        )) {
          const ok =
            value!.includes('var(--focus-ring)') ||
            value!.includes('var(--color-focus)') ||
            /transparent/.test(value!) ||
            // The main landmark takes focus only from the skip link; it is not a control.
            (selector!.trim() === '.main:focus' && value!.trim() === 'none');
          if (!ok) offenders.push(`${file}: ${selector!.trim()} { ${prop}: ${value} }`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
