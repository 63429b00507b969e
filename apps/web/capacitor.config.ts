import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell around the same web build (`npm run build:mobile` builds it and runs `cap sync`).
 * The app talks to the deployed API at VITE_API_URL, set when the web app is built.
 */
const config: CapacitorConfig = {
  appId: 'ge.burti.app',
  appName: 'Burti',
  webDir: 'dist',
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
    // fetch and cookies go through the native stack, so the API's session cookie works from the app's origin.
    CapacitorHttp: { enabled: true },
    CapacitorCookies: { enabled: true },
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
