// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run build:mobile` as a release would run it, with the production API address, and what it leaves in the
 * Android and iOS projects: the bundles call that origin, and the projects carry the permissions, push
 * entitlement, usage strings and app-link settings the stores and phones need.
 */
const web = join(import.meta.dirname, '..');
const root = join(web, '..', '..');
const read = (path: string) => readFileSync(join(web, path), 'utf8');
const API = 'https://burti.example';

function bundleText(dir: string): string {
  return readdirSync(join(web, dir))
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(web, dir, name), 'utf8'))
    .join('\n');
}

beforeAll(() => {
  execFileSync('npm', ['run', 'build:mobile'], {
    cwd: root,
    env: { ...process.env, VITE_API_URL: API },
    stdio: 'pipe',
  });
}, 180_000);

describe('npm run build:mobile', () => {
  it('refuses to build without an https API address', () => {
    for (const value of ['', 'http://burti.example', 'https://burti.example/api']) {
      expect(() =>
        execFileSync('node', [join(web, 'scripts/prepare-mobile.mjs')], {
          env: { ...process.env, VITE_API_URL: value },
          stdio: 'pipe',
        }),
      ).toThrow(/VITE_API_URL/);
    }
  });

  it('bakes the API origin into the bundles of both apps', () => {
    for (const dir of ['android/app/src/main/assets/public/assets', 'ios/App/App/public/assets']) {
      const js = bundleText(dir);
      expect(js).toContain(API);
      expect(js).not.toContain('https://localhost/api');
    }
    for (const path of ['android/app/src/main/assets/capacitor.config.json', 'ios/App/App/capacitor.config.json']) {
      const config = JSON.parse(read(path)) as { plugins: Record<string, { enabled?: boolean }> };
      // Requests stay in the web view with the bearer token, so the notification stream streams.
      expect(config.plugins.CapacitorHttp?.enabled).toBe(false);
      expect(config.plugins.FirebaseMessaging).toBeDefined();
    }
  });

  it('gives Android its permissions and verified App Links for posts, profiles and referrals on that host', () => {
    const manifest = read('android/app/src/main/AndroidManifest.xml');
    for (const permission of ['INTERNET', 'POST_NOTIFICATIONS', 'CAMERA', 'RECORD_AUDIO']) {
      expect(manifest).toContain(`android:name="android.permission.${permission}"`);
    }
    const appLinks = /<intent-filter android:autoVerify="true">([\s\S]*?)<\/intent-filter>/.exec(manifest)?.[1] ?? '';
    expect(appLinks).toContain('android:scheme="https"');
    expect(appLinks).toContain('android:host="@string/app_links_host"');
    expect(appLinks).toContain('android:pathPrefix="/post/"');
    expect(appLinks).toContain('android:pathPrefix="/profile/"');
    expect(appLinks).toContain('android:path="/"');
    expect(read('android/app/src/main/res/values/app_links.xml')).toContain(
      '<string name="app_links_host" translatable="false">burti.example</string>',
    );
    // Push through Firebase: the plugin is in the Gradle project; google-services.json switches the plugin on.
    expect(read('android/capacitor.settings.gradle')).toContain('capacitor-firebase-messaging');
    expect(read('android/app/build.gradle')).toContain("file('google-services.json')");
  });

  it('gives iOS the push entitlement, background push, usage strings and universal links on that host', () => {
    const entitlements = read('ios/App/App/App.entitlements');
    expect(entitlements).toMatch(/<key>aps-environment<\/key>\s*<string>development<\/string>/);
    expect(entitlements).toContain('<string>applinks:burti.example</string>');
    expect(
      read('ios/App/App.xcodeproj/project.pbxproj').match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g),
    ).toHaveLength(2);

    const plist = read('ios/App/App/Info.plist');
    for (const key of [
      'NSCameraUsageDescription',
      'NSPhotoLibraryUsageDescription',
      'NSPhotoLibraryAddUsageDescription',
      'NSMicrophoneUsageDescription',
    ]) {
      expect(plist).toMatch(new RegExp(`<key>${key}</key>\\s*<string>[^<]{20,}</string>`));
    }
    expect(plist).toMatch(/<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/);

    // FCM tokens on iOS too: Firebase Messaging is the push plugin, and the APNs token is handed to it.
    const packages = read('ios/App/CapApp-SPM/Package.swift');
    expect(packages).toContain('CapacitorFirebaseMessaging');
    expect(packages).not.toContain('CapacitorPushNotifications');
    expect(read('ios/App/App/AppDelegate.swift')).toContain('capacitorDidRegisterForRemoteNotifications');
  });
});
