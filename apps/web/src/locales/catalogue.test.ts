import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The two catalogues stay twins: every key in both languages (plural forms as each language's plural rules
 * need them), the same placeholders, no empty text, Georgian text in Georgian letters, and every key the code
 * asks for present.
 */
type Catalogue = { [key: string]: string | Catalogue };

const localesDir = import.meta.dirname;
const srcDir = join(localesDir, '..');
const LANGUAGES = ['en', 'ka'] as const;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function catalogue(language: string): Map<string, string> {
  const all = flatten(readJson(join(localesDir, `${language}.json`)));
  for (const file of readdirSync(join(localesDir, language))) {
    for (const [k, v] of flatten(readJson(join(localesDir, language, file)), `${file.replace(/\.json$/, '')}.`)) {
      all.set(k, v);
    }
  }
  return all;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

const catalogues = Object.fromEntries(LANGUAGES.map((language) => [language, catalogue(language)])) as Record<
  (typeof LANGUAGES)[number],
  Map<string, string>
>;

describe('the catalogues', () => {
  it('have the same namespace files in both languages', () => {
    expect(readdirSync(join(localesDir, 'ka')).sort()).toEqual(readdirSync(join(localesDir, 'en')).sort());
  });

  it('have every key in both languages (plural forms aside)', () => {
    const keys = (language: (typeof LANGUAGES)[number]) =>
      [...new Set([...catalogues[language].keys()].map(base))].sort();
    const en = keys('en');
    const ka = keys('ka');
    expect(
      en.filter((key) => !ka.includes(key)),
      'only in English',
    ).toEqual([]);
    expect(
      ka.filter((key) => !en.includes(key)),
      'only in Georgian',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('has every plural form %s needs', (language) => {
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const plurals = new Set([...catalogues[language].keys()].filter((key) => PLURAL.test(key)).map(base));
    for (const key of plurals) {
      for (const form of needed) expect(catalogues[language].has(`${key}_${form}`), `${key}_${form}`).toBe(true);
    }
    // Georgian's CLDR rules are one/other, like English, so "1 Post" / "2 Posts" have their own strings.
    expect(needed).toEqual(expect.arrayContaining(['one', 'other']));
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, english] of catalogues.en) {
      const georgian = catalogues.ka.get(key);
      if (georgian === undefined) continue;
      expect(placeholders(georgian), key).toEqual(placeholders(english));
    }
  });

  it('have no empty text, and Georgian strings are written in Georgian', () => {
    // Names, codes and samples that are the same in both languages.
    const same = /^(settings\.english|designSystem\.(components\.invalidValue|examples\.notificationActor))$/;
    for (const language of LANGUAGES) {
      for (const [key, text] of catalogues[language]) expect(text.trim(), `${language}:${key}`).not.toBe('');
    }
    for (const [key, text] of catalogues.ka) {
      // Placeholders, numbers and symbols only ("{{count}}/{{max}}", "—"): nothing to translate.
      const words = text.replace(/\{\{[^}]*\}\}/g, '').replace(/\$GOAL|px/g, '');
      if (same.test(key) || !/\p{L}/u.test(words)) continue;
      expect(/\p{Script=Georgian}/u.test(text), `ka:${key} = ${text}`).toBe(true);
    }
  });

  it('hold every key the code asks for', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    walk(srcDir);
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\(\s*'([\w.-]+)'/g)) {
        const key = match[1]!;
        for (const language of LANGUAGES) {
          const known = catalogues[language].has(key) || [...catalogues[language].keys()].some((k) => base(k) === key);
          if (!known) missing.push(`${language}:${key} (${relative(srcDir, file)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
