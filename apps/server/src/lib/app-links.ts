import type { Env } from '../env.js';

/**
 * What the phones need to open Burti's links in the native app instead of the browser (Android App Links, iOS
 * universal links): the apps' identities, from configuration. Either platform is off until it is configured.
 */
export type AppLinksConfig = {
  android?: { packageName: string; sha256CertFingerprints: string[] };
  ios?: { appIds: string[] };
};

/** The paths the apps open: a post, a profile, and the site root that referral links (`/?ref=…`) point at. */
export const APP_LINK_PATHS = { post: '/post/*', profile: '/profile/*', referral: '/' } as const;

const FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;
const APPLE_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/;

const list = (value: string | undefined) =>
  value
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean) ?? [];

export function appLinksFromEnv(env: Env): AppLinksConfig {
  const fingerprints = list(env.ANDROID_CERT_SHA256).map((value) => value.toUpperCase());
  const bad = fingerprints.find((value) => !FINGERPRINT.test(value));
  if (bad) throw new Error(`ANDROID_CERT_SHA256: "${bad}" is not a SHA-256 fingerprint (32 hex pairs with colons).`);
  const appIds = list(env.IOS_APP_IDS);
  const badId = appIds.find((value) => !APPLE_APP_ID.test(value));
  if (badId) throw new Error(`IOS_APP_IDS: "${badId}" is not TEAMID.bundle.id (e.g. ABCDE12345.ge.burti.app).`);
  return {
    android: fingerprints.length
      ? { packageName: env.ANDROID_APP_PACKAGE, sha256CertFingerprints: fingerprints }
      : undefined,
    ios: appIds.length ? { appIds } : undefined,
  };
}

/** Digital Asset Links statement list (developer.android.com/training/app-links/verify-android-applinks). */
export function assetLinks(android: NonNullable<AppLinksConfig['android']>) {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.sha256CertFingerprints,
      },
    },
  ];
}

/** apple-app-site-association for universal links (developer.apple.com/documentation/xcode/supporting-associated-domains). */
export function appleAppSiteAssociation(ios: NonNullable<AppLinksConfig['ios']>) {
  return {
    applinks: {
      details: [
        {
          appIDs: ios.appIds,
          components: [
            { '/': APP_LINK_PATHS.post, comment: 'A post' },
            { '/': APP_LINK_PATHS.profile, comment: 'A profile' },
            { '/': APP_LINK_PATHS.referral, '?': { ref: '?*' }, comment: 'A referral link' },
          ],
        },
      ],
    },
    webcredentials: { apps: ios.appIds },
  };
}
