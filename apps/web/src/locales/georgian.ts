/**
 * The Georgian catalogue in one module, so that a fan who reads Georgian fetches it as one file before the first
 * screen (fifteen small files queued for the browser's six connections). The admin area's and the design system's
 * strings stay apart: their routes fetch them (lib/i18n.ts, loadNamespaces).
 */
import type { Catalogue } from '../lib/i18n';
import root from './ka.json';

export const georgianRoot: Catalogue = root;
/** Each namespace file by its path; lib/i18n.ts merges each under its file's name. */
export const georgianFeatures = import.meta.glob<Catalogue>(
  ['./ka/*.json', '!./ka/admin.json', '!./ka/designSystem.json', '!./ka/matchAlerts.json'],
  { eager: true, import: 'default' },
);
