/**
 * Design tokens mirrored from src/styles.css (@theme). Keep in sync by hand;
 * ui.test.tsx fails if a value here differs from the stylesheet.
 */

export type ColorToken = {
  name: string;
  cssVar: `--color-${string}`;
  value: string;
  usage: string;
};

export type CssToken = {
  name: string;
  cssVar: `--${string}`;
  value: string;
  usage: string;
};

export type TypeScaleEntry = {
  name: string;
  className: string;
  usage: string;
};

export const colorTokens = [
  {
    name: 'brand',
    cssVar: '--color-brand',
    value: '#d71920',
    usage: 'Primary actions, active tab, links (Georgian flag red)',
  },
  { name: 'brand-foreground', cssVar: '--color-brand-foreground', value: '#ffffff', usage: 'Text and icons on brand' },
  {
    name: 'brand-hover',
    cssVar: '--color-brand-hover',
    value: '#b5141a',
    usage: 'Hover / pressed state of brand surfaces',
  },
  { name: 'background', cssVar: '--color-background', value: '#f7f7f8', usage: 'App background' },
  { name: 'foreground', cssVar: '--color-foreground', value: '#16171d', usage: 'Body text' },
  { name: 'card', cssVar: '--color-card', value: '#ffffff', usage: 'Cards, sheets, dialogs, menus' },
  { name: 'card-foreground', cssVar: '--color-card-foreground', value: '#16171d', usage: 'Text on cards' },
  {
    name: 'muted',
    cssVar: '--color-muted',
    value: '#efeff1',
    usage: 'Subtle fills: secondary buttons, skeletons, tab list',
  },
  {
    name: 'muted-foreground',
    cssVar: '--color-muted-foreground',
    value: '#5c5c66',
    usage: 'Secondary text, timestamps, placeholders (>= 4.5:1 on background and card)',
  },
  { name: 'border', cssVar: '--color-border', value: '#e4e4e7', usage: 'Dividers and card outlines' },
  {
    name: 'input',
    cssVar: '--color-input',
    value: '#8a8a94',
    usage: 'Form control borders (>= 3:1 non-text contrast)',
  },
  { name: 'ring', cssVar: '--color-ring', value: '#d71920', usage: 'Keyboard focus outline' },
  { name: 'success', cssVar: '--color-success', value: '#15803d', usage: 'Confirmations, wins' },
  { name: 'success-foreground', cssVar: '--color-success-foreground', value: '#ffffff', usage: 'Text on success' },
  { name: 'warning', cssVar: '--color-warning', value: '#f59e0b', usage: 'Warnings, pending states (amber)' },
  { name: 'warning-foreground', cssVar: '--color-warning-foreground', value: '#1f1300', usage: 'Text on warning' },
  { name: 'danger', cssVar: '--color-danger', value: '#c81e1e', usage: 'Destructive actions, errors' },
  { name: 'danger-foreground', cssVar: '--color-danger-foreground', value: '#ffffff', usage: 'Text on danger' },
  { name: 'gold', cssVar: '--color-gold', value: '#f2b705', usage: '$GOAL badges and rewards' },
  { name: 'gold-foreground', cssVar: '--color-gold-foreground', value: '#3b2a00', usage: 'Text on gold' },
] as const satisfies readonly ColorToken[];

export const radiusTokens = [
  { name: 'sm', cssVar: '--radius-sm', value: '0.375rem', usage: 'Badges, small controls (rounded-sm)' },
  { name: 'md', cssVar: '--radius-md', value: '0.5rem', usage: 'Buttons, inputs, menu items (rounded-md)' },
  { name: 'lg', cssVar: '--radius-lg', value: '0.75rem', usage: 'Cards, dialogs (rounded-lg)' },
  { name: 'xl', cssVar: '--radius-xl', value: '1rem', usage: 'Bottom sheets (rounded-t-xl)' },
] as const satisfies readonly CssToken[];

export const durationTokens = [
  { name: 'fast', cssVar: '--duration-fast', value: '150ms', usage: 'Hover, press, exit animations' },
  { name: 'normal', cssVar: '--duration-normal', value: '250ms', usage: 'Dialogs, sheets, menus entering' },
  { name: 'slow', cssVar: '--duration-slow', value: '400ms', usage: 'Large layout transitions, celebrations' },
] as const satisfies readonly CssToken[];

export const easingTokens = [
  {
    name: 'standard',
    cssVar: '--ease-standard',
    value: 'cubic-bezier(0.2, 0, 0, 1)',
    usage: 'Default easing for all motion (ease-standard)',
  },
] as const satisfies readonly CssToken[];

export const fontFamily = 'ui-sans-serif, system-ui, "Noto Sans Georgian", "Noto Sans", sans-serif';

export const typeScale = [
  { name: 'Display', className: 'text-3xl font-bold tracking-tight', usage: 'Match scores, hero numbers' },
  { name: 'Heading 1', className: 'text-2xl font-bold tracking-tight', usage: 'Page titles' },
  { name: 'Heading 2', className: 'text-xl font-semibold', usage: 'Section titles' },
  { name: 'Heading 3', className: 'text-lg font-semibold', usage: 'Card and dialog titles' },
  { name: 'Body', className: 'text-base', usage: 'Posts, comments, form inputs (16px avoids iOS zoom)' },
  { name: 'Small', className: 'text-sm', usage: 'Buttons, labels, secondary copy' },
  { name: 'Caption', className: 'text-xs text-muted-foreground', usage: 'Timestamps, counters, meta' },
] as const satisfies readonly TypeScaleEntry[];
