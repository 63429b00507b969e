import { clubIdParams } from '../schemas/clubs.js';
import { matchIdParams } from '../schemas/matches.js';
import { alertClubListResponse, matchAlertInput, matchAlertStateResponse } from '../schemas/match-alerts.js';
import { defineOperations } from './operation.js';

/** Match alerts (decision 022): opt in per club and per match, mute a match. */
export const matchAlertOperations = defineOperations({
  getMatchAlerts: {
    method: 'GET',
    path: '/api/matches/:matchId/alerts',
    summary:
      'Whether this match alerts the viewer: their choice for it and whether one of its clubs is on their alert clubs',
    tags: ['matches'],
    auth: 'viewer',
    idempotent: false,
    rateLimit: null,
    params: matchIdParams,
    responses: { 200: matchAlertStateResponse },
    errors: ['MATCH_NOT_FOUND'],
  },
  setMatchAlerts: {
    method: 'PUT',
    path: '/api/matches/:matchId/alerts',
    summary: 'Alerts for this match on, muted (wins over the clubs’ alerts), or back to the clubs’ choice (`default`)',
    description:
      'Alerts: kick-off, goals, red cards and full time, on the live stream, Web Push, the app and Telegram, in the viewer’s language. Setting the same mode again changes nothing.',
    tags: ['matches'],
    auth: 'active',
    idempotent: 'repeatable',
    rateLimit: 'follows',
    params: matchIdParams,
    body: matchAlertInput,
    responses: { 200: matchAlertStateResponse },
    errors: ['MATCH_NOT_FOUND'],
  },
  listAlertClubs: {
    method: 'GET',
    path: '/api/match-alerts/clubs',
    summary: 'The clubs whose every match alerts the viewer',
    tags: ['matches', 'clubs'],
    auth: 'viewer',
    idempotent: false,
    rateLimit: null,
    responses: { 200: alertClubListResponse },
    errors: [],
  },
  addAlertClub: {
    method: 'PUT',
    path: '/api/match-alerts/clubs/:clubId',
    summary: 'Alerts for every match of a club (any club, the viewer’s own or another); again changes nothing',
    tags: ['matches', 'clubs'],
    auth: 'active',
    idempotent: 'repeatable',
    rateLimit: 'follows',
    params: clubIdParams,
    responses: { 200: alertClubListResponse },
    errors: ['CLUB_NOT_FOUND'],
  },
  removeAlertClub: {
    method: 'DELETE',
    path: '/api/match-alerts/clubs/:clubId',
    summary: 'No more alerts for a club’s matches (matches set to `on` still alert)',
    tags: ['matches', 'clubs'],
    auth: 'active',
    idempotent: 'repeatable',
    rateLimit: 'follows',
    params: clubIdParams,
    responses: { 200: alertClubListResponse },
    errors: ['CLUB_NOT_FOUND'],
  },
});
