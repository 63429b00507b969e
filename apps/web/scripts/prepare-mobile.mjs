/**
 * First step of `npm run build:mobile`: the native app calls the API at VITE_API_URL, so the build refuses to go
 * on without it (an empty address would make the app call https://localhost/api), and the app links of both
 * projects are pointed at that host: Android's App Links host (res/values/app_links.xml) and iOS's associated
 * domains (App/App.entitlements, with the push entitlement). See docs/mobile.md.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

export function apiHost(value) {
  if (!value) throw new Error('VITE_API_URL is required for the native build, e.g. VITE_API_URL=https://burti.ge');
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_API_URL is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:') throw new Error(`VITE_API_URL must be https (app links and stores need it): ${value}`);
  if (url.pathname !== '/' || url.search || url.hash) throw new Error(`VITE_API_URL must be an origin only: ${value}`);
  return url.host;
}

export function androidAppLinks(host) {
  return `<?xml version="1.0" encoding="utf-8"?>
<!-- Written by npm run build:mobile (scripts/prepare-mobile.mjs) from VITE_API_URL. -->
<resources>
    <string name="app_links_host" translatable="false">${host}</string>
</resources>
`;
}

export function iosEntitlements(host) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by npm run build:mobile (scripts/prepare-mobile.mjs) from VITE_API_URL. -->
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>aps-environment</key>
	<string>development</string>
	<key>com.apple.developer.associated-domains</key>
	<array>
		<string>applinks:${host}</string>
		<string>webcredentials:${host}</string>
	</array>
</dict>
</plist>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const host = apiHost(process.env.VITE_API_URL);
    writeFileSync(join(web, 'android/app/src/main/res/values/app_links.xml'), androidAppLinks(host));
    writeFileSync(join(web, 'ios/App/App/App.entitlements'), iosEntitlements(host));
    console.log(`native app links and API: https://${host}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
