import { describe, expect, it } from 'vitest';
import { contrastText, contrastWithWhite } from './identity.ts';
import { AcademyIdentityPatch } from './schemas/identity.ts';

describe("the theme colour's contrast with white text", () => {
  it('is WCAG’s ratio', () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    // The grey that is just under AA for normal text, and the one just over.
    expect(contrastText(contrastWithWhite('#777777'))).toBe('4.47');
    expect(contrastText(contrastWithWhite('#767676'))).toBe('4.54');
  });

  it('decides what an admin may choose', () => {
    const patch = (themeColor: string) =>
      AcademyIdentityPatch.safeParse({ name: 'Học viện Móng', shortName: 'Móng', themeColor });
    expect(patch('#767676').success).toBe(true);
    expect(patch('#777777').success).toBe(false);
    // The product's own passes, in any case, and is kept in lower case.
    expect(patch('#C2185B')).toMatchObject({ success: true, data: { themeColor: '#c2185b' } });
    for (const bad of ['red', '#fff', '#c2185', 'c2185b', '#c2185bb', ' #c2185b;x']) {
      expect(patch(bad).success, bad).toBe(false);
    }
  });
});
