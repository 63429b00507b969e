import { describe, expect, it } from 'vitest';
import {
  badgeSchemeFor,
  clubBadgeSchemes,
  clubInitials,
  defaultBadgeScheme,
  flaggedCountries,
  type BadgeScheme,
} from './club-style.js';

const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('badge colour schemes', () => {
  const schemes: [string, BadgeScheme][] = [['(default)', defaultBadgeScheme], ...Object.entries(clubBadgeSchemes)];

  it('has exactly 17 named club schemes', () => {
    expect(Object.keys(clubBadgeSchemes)).toHaveLength(17);
  });

  it.each(schemes)('%s uses hex colours with AA contrast (>= 4.5:1)', (_name, scheme) => {
    expect(scheme.background).toMatch(HEX);
    expect(scheme.foreground).toMatch(HEX);
    expect(scheme.border).toMatch(HEX);
    expect(contrastRatio(scheme.background, scheme.foreground)).toBeGreaterThanOrEqual(4.5);
  });

  it('looks schemes up by exact name and falls back to the default', () => {
    expect(badgeSchemeFor('Dinamo Tbilisi')).toBe(clubBadgeSchemes['Dinamo Tbilisi']);
    expect(badgeSchemeFor('dinamo tbilisi')).toBe(defaultBadgeScheme);
    expect(badgeSchemeFor('Unknown FC')).toBe(defaultBadgeScheme);
    expect(badgeSchemeFor('constructor')).toBe(defaultBadgeScheme);
    expect(badgeSchemeFor('__proto__')).toBe(defaultBadgeScheme);
  });
});

describe('clubInitials', () => {
  it('builds 1-3 letter badges', () => {
    expect(clubInitials('Dinamo Tbilisi')).toBe('DT');
    expect(clubInitials('Arsenal')).toBe('ARS');
    expect(clubInitials('Paris Saint-Germain')).toBe('PSG');
    expect(clubInitials('Brighton & Hove Albion')).toBe('BHA');
    expect(clubInitials('AC Milan')).toBe('ACM');
    expect(clubInitials('PSV Eindhoven')).toBe('PSV');
    expect(clubInitials('FC Twente')).toBe('TWE');
    expect(clubInitials('Heart of Midlothian')).toBe('HM');
    expect(clubInitials('1. FC Köln')).toBe('KÖL');
    expect(clubInitials('დინამო თბილისი')).toBe('დთ');
    expect(clubInitials('   ')).toBe('?');
  });
});

describe('flaggedCountries', () => {
  it('covers exactly the countries of the club catalogue', () => {
    expect([...flaggedCountries].sort()).toEqual(
      ['England', 'France', 'Georgia', 'Germany', 'Italy', 'Netherlands', 'Portugal', 'Scotland', 'Spain'].sort(),
    );
  });
});
