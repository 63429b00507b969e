/**
 * The Georgian catalogue in one module, so that a fan who reads Georgian fetches it as one file before the first
 * screen (fifteen small files queued for the browser's six connections). The strings of the admin area, the
 * design system, match alerts, invitations, notifications and a profile's actions stay apart: their screens fetch them (lib/i18n.ts, loadNamespaces).
 */
import type { Catalogue } from '../lib/i18n';
import root from './ka.json';

export const georgianRoot: Catalogue = root;
/** Each namespace file by its path; lib/i18n.ts merges each under its file's name. */
export const georgianFeatures = import.meta.glob<Catalogue>(
  [
    './ka/*.json',
    '!./ka/admin.json',
    '!./ka/matchAdmin.json',
    '!./ka/designSystem.json',
    '!./ka/matchAlerts.json',
    '!./ka/referrals.json',
    '!./ka/notifications.json',
    '!./ka/social.json',
  ],
  { eager: true, import: 'default' },
);
