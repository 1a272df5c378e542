import { describe, expect, it } from 'vitest';
import {
  checkLicences,
  declaredLicense,
  formatProblems,
  isCompatible,
  parseExpression,
} from '@/scripts/check-licences.mjs';

const pkg = (name: string, declared: string | undefined, version = '1.0.0') => ({
  name,
  version,
  declared,
  use: 'app' as const,
});

describe('the licence check (npm run check:licences)', () => {
  it('accepts the permissive, weak-copyleft and GPL-3 family licences', () => {
    for (const id of [
      'MIT',
      'ISC',
      'Apache-2.0',
      'BSD-2-Clause',
      'BSD-3-Clause',
      '0BSD',
      'BlueOak-1.0.0',
      'CC0-1.0',
      'Unlicense',
      'MPL-2.0',
      'LGPL-3.0-or-later',
      'GPL-3.0-or-later',
      'AGPL-3.0-or-later',
      'GPL-2.0+',
      'CC-BY-4.0',
    ]) {
      expect(isCompatible(id), id).toBe(true);
    }
  });

  it('refuses licences that cannot be combined with AGPL-3.0, and unknown ones', () => {
    for (const id of [
      'GPL-2.0-only',
      'GPL-2.0',
      'SSPL-1.0',
      'BUSL-1.1',
      'UNLICENSED',
      'SEE LICENSE IN LICENSE.txt',
      'Commons-Clause',
      'CC-BY-NC-4.0',
      '',
    ]) {
      expect(isCompatible(id), id).toBe(false);
    }
  });

  it('reads OR as a choice and AND as all of them', () => {
    expect(isCompatible('(MIT OR Apache-2.0)')).toBe(true);
    expect(isCompatible('(GPL-2.0-only OR MIT)')).toBe(true);
    expect(isCompatible('MIT AND Zlib')).toBe(true);
    expect(isCompatible('Apache-2.0 AND LGPL-3.0-or-later AND MIT')).toBe(true);
    expect(isCompatible('(MIT AND SSPL-1.0)')).toBe(false);
    expect(isCompatible('MIT AND (SSPL-1.0 OR BUSL-1.1)')).toBe(false);
    expect(isCompatible('SSPL-1.0 OR (ISC AND MIT)')).toBe(true);
    expect(isCompatible('GPL-2.0-or-later WITH Classpath-exception-2.0')).toBe(true);
  });

  it('gives AND precedence over OR, and refuses what is not an expression', () => {
    expect(parseExpression('MIT OR ISC AND SSPL-1.0')).toEqual({
      op: 'OR',
      left: { id: 'MIT' },
      right: { op: 'AND', left: { id: 'ISC' }, right: { id: 'SSPL-1.0' } },
    });
    expect(() => parseExpression('(MIT OR')).toThrow(/not an SPDX expression/);
    expect(() => parseExpression('MIT ISC')).toThrow(/after the end/);
    expect(() => parseExpression('AND MIT')).toThrow(/where a licence was expected/);
  });

  it('reads the old package.json forms of a licence', () => {
    expect(declaredLicense({ license: 'MIT' })).toBe('MIT');
    expect(declaredLicense({ license: { type: 'ISC' } })).toBe('ISC');
    expect(declaredLicense({ licenses: [{ type: 'MIT', url: 'x' }] })).toBe('MIT');
    expect(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe(
      '(MIT AND Apache-2.0)',
    );
    expect(declaredLicense({})).toBeUndefined();
  });

  it('fails on a planted incompatible or missing licence, naming the package', () => {
    const result = checkLicences(
      [pkg('left-pad', 'MIT'), pkg('mongo-thing', 'SSPL-1.0', '2.1.0'), pkg('no-field', undefined)],
      {},
    );
    expect(result.problems).toEqual([
      { name: 'mongo-thing', version: '2.1.0', declared: 'SSPL-1.0' },
      { name: 'no-field', version: '1.0.0', declared: '(none)' },
    ]);
    expect(formatProblems(result)).toContain('mongo-thing@2.1.0: SSPL-1.0');
  });

  it("takes an exception's licence only for the version that was reviewed", () => {
    const exceptions = {
      'odd@1.0.0': { license: 'Unlicense', reason: 'LICENSE is the Unlicense' },
    };
    const reviewed = checkLicences([pkg('odd', 'UNLICENSED')], exceptions);
    expect(reviewed.problems).toEqual([]);
    expect(reviewed.rows[0]).toMatchObject({
      license: 'Unlicense',
      note: 'LICENSE is the Unlicense',
    });
    const newer = checkLicences([pkg('odd', 'UNLICENSED', '1.0.1')], exceptions);
    expect(newer.problems).toHaveLength(1);
  });

  it('passes on the installed packages of this repository', async () => {
    const { lockedPackages } = await import('@/scripts/check-licences.mjs');
    const result = checkLicences(lockedPackages(process.cwd()));
    expect(formatProblems(result)).toContain('0 package(s)');
    expect(result.rows.length).toBeGreaterThan(100);
  });
});
