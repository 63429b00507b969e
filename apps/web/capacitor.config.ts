import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell around the same web build (`npm run build:mobile` builds it and runs `cap sync`).
 * The app talks to the deployed API at VITE_API_URL, set when the web app is built (required for build:mobile;
 * docs/mobile.md). Its page origin (capacitor://localhost, https://localhost) is a trusted origin of the API.
 */
const config: CapacitorConfig = {
  appId: 'ge.burti.app',
  appName: 'Burti',
  // Its own build (npm run build:mobile), with VITE_API_URL baked in; dist/ stays the web's.
  webDir: 'dist-mobile',
  server: {
    // The page's origin is https://localhost on Android (capacitor://localhost on iOS); both are trusted origins
    // of the API.
    androidScheme: 'https',
  },
  android: {
    // Android 15 draws edge to edge: keep the web view clear of the system bars.
    adjustMarginsForEdgeToEdge: 'auto',
  },
  ios: {
    // The page lays itself out with env(safe-area-inset-*) (viewport-fit=cover).
    contentInset: 'never',
  },
  plugins: {
    // Requests stay in the web view (CORS to the API, the session as a bearer token: lib/session.ts), so the
    // live notification stream can be read as it arrives; the native HTTP layer would buffer it whole.
    CapacitorHttp: { enabled: false },
    CapacitorCookies: { enabled: false },
    // Push through Firebase Cloud Messaging on both platforms (iOS tokens are FCM tokens, as the server's sender
    // needs); a notification arriving while the app is open is shown as well.
    FirebaseMessaging: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
