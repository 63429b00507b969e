/**
 * Design tokens mirrored from src/styles.css (@theme). Keep in sync by hand;
 * ui.test.tsx fails if a value here differs from the stylesheet. What each token is for is text a reader sees
 * in the design-system showcase, so it lives in the catalogues (designSystem.tokens.*), in both languages.
 */

export type ColorToken = {
  name: string;
  cssVar: `--color-${string}`;
  value: string;
};

export type CssToken = {
  name: string;
  cssVar: `--${string}`;
  value: string;
};

/** `key` names the step in the catalogues (designSystem.tokens.type.<key>). */
export type TypeScaleEntry = {
  key: string;
  className: string;
};

export const colorTokens = [
  { name: 'brand', cssVar: '--color-brand', value: '#d71920' },
  { name: 'brand-foreground', cssVar: '--color-brand-foreground', value: '#ffffff' },
  { name: 'brand-hover', cssVar: '--color-brand-hover', value: '#b5141a' },
  { name: 'background', cssVar: '--color-background', value: '#f7f7f8' },
  { name: 'foreground', cssVar: '--color-foreground', value: '#16171d' },
  { name: 'card', cssVar: '--color-card', value: '#ffffff' },
  { name: 'card-foreground', cssVar: '--color-card-foreground', value: '#16171d' },
  { name: 'muted', cssVar: '--color-muted', value: '#efeff1' },
  { name: 'muted-foreground', cssVar: '--color-muted-foreground', value: '#5c5c66' },
  { name: 'border', cssVar: '--color-border', value: '#e4e4e7' },
  { name: 'input', cssVar: '--color-input', value: '#8a8a94' },
  { name: 'ring', cssVar: '--color-ring', value: '#d71920' },
  { name: 'success', cssVar: '--color-success', value: '#15803d' },
  { name: 'success-foreground', cssVar: '--color-success-foreground', value: '#ffffff' },
  { name: 'warning', cssVar: '--color-warning', value: '#f59e0b' },
  { name: 'warning-foreground', cssVar: '--color-warning-foreground', value: '#1f1300' },
  { name: 'danger', cssVar: '--color-danger', value: '#c81e1e' },
  { name: 'danger-foreground', cssVar: '--color-danger-foreground', value: '#ffffff' },
  { name: 'gold', cssVar: '--color-gold', value: '#f2b705' },
  { name: 'gold-foreground', cssVar: '--color-gold-foreground', value: '#3b2a00' },
] as const satisfies readonly ColorToken[];

/** sm: badges and small controls; md: buttons, inputs, menu items; lg: cards and dialogs; xl: bottom sheets. */
export const radiusTokens = [
  { name: 'sm', cssVar: '--radius-sm', value: '0.375rem' },
  { name: 'md', cssVar: '--radius-md', value: '0.5rem' },
  { name: 'lg', cssVar: '--radius-lg', value: '0.75rem' },
  { name: 'xl', cssVar: '--radius-xl', value: '1rem' },
] as const satisfies readonly CssToken[];

export const durationTokens = [
  { name: 'fast', cssVar: '--duration-fast', value: '150ms' },
  { name: 'normal', cssVar: '--duration-normal', value: '250ms' },
  { name: 'slow', cssVar: '--duration-slow', value: '400ms' },
] as const satisfies readonly CssToken[];

export const easingTokens = [
  { name: 'standard', cssVar: '--ease-standard', value: 'cubic-bezier(0.2, 0, 0, 1)' },
] as const satisfies readonly CssToken[];

export const fontFamily = 'ui-sans-serif, system-ui, "Noto Sans Georgian", "Noto Sans", sans-serif';

export const typeScale = [
  { key: 'display', className: 'text-3xl font-bold tracking-tight' },
  { key: 'heading1', className: 'text-2xl font-bold tracking-tight' },
  { key: 'heading2', className: 'text-xl font-semibold' },
  { key: 'heading3', className: 'text-lg font-semibold' },
  { key: 'body', className: 'text-base' },
  { key: 'small', className: 'text-sm' },
  { key: 'caption', className: 'text-xs text-muted-foreground' },
] as const satisfies readonly TypeScaleEntry[];
