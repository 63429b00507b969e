import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx). It does not resolve conflicts: two utilities that set the same thing would be
 * decided by the stylesheet's order, not by the order written here. A primitive's own look lives in the
 * `components` layer (components/ui/ui.css), so a caller's utility overrides it; between utilities, write one
 * or the other (decision 021). In development and in tests a conflict throws, naming the classes;
 * tailwind-merge, which finds it, is not part of the production build.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) assertNoConflict(classes);
  return classes;
}

function assertNoConflict(classes: string): void {
  const merged = twMerge(classes);
  if (merged === classes) return;
  // twMerge also folds an exact repeat into one, which is harmless: only a class it dropped is a conflict.
  const kept = new Set(merged.split(' '));
  const overridden = [...new Set(classes.split(/\s+/))].filter((name) => name && !kept.has(name));
  if (overridden.length > 0) {
    throw new Error(`cn(): "${overridden.join(' ')}" would be overridden by a later class in "${classes}"`);
  }
}
