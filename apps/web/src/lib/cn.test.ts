import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names and drops falsy ones, keeping their order', () => {
    const hidden = false;
    expect(cn('ui-card', hidden && 'hidden', undefined, ['p-4', { 'border-brand/40': true, 'bg-card': hidden }])).toBe(
      'ui-card p-4 border-brand/40',
    );
  });

  it('throws, naming them, when two utilities set the same thing', () => {
    expect(() => cn('text-muted-foreground', 'text-brand')).toThrow(/"text-muted-foreground" would be overridden/);
    expect(() => cn('p-4 pt-0', 'p-6')).toThrow(/"p-4 pt-0"/);
  });

  it('accepts a repeat and utilities under different conditions', () => {
    expect(cn('w-full', 'w-full')).toBe('w-full w-full');
    expect(cn('text-muted-foreground hover:text-foreground md:text-lg')).toBe(
      'text-muted-foreground hover:text-foreground md:text-lg',
    );
  });

  it("accepts a caller's utility over a primitive's class: the primitive's look is in a lower layer", () => {
    expect(cn('ui-button ui-button-secondary', 'rounded-full bg-card/90')).toBe(
      'ui-button ui-button-secondary rounded-full bg-card/90',
    );
    const css = readFileSync(join(import.meta.dirname, '../components/ui/ui.css'), 'utf8');
    const layered = css.slice(css.indexOf('@layer components {'));
    for (const name of ['ui-button', 'ui-button-secondary', 'ui-badge', 'ui-card', 'ui-card-content', 'ui-field']) {
      expect(layered).toContain(`.${name} {`);
    }
  });
});
