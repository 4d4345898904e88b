/**
 * The switches every Chromium the tests and benchmarks launch gets, beside
 * Playwright's own.
 *
 * Chromium keeps only the last `--disable-features` it is given, so a list of
 * our own replaces Playwright's: ours repeats Playwright's list
 * (`PLAYWRIGHT_DISABLED`, checked against the installed Playwright by
 * `browser-args.test.ts`) and adds what a headless test never shows.
 */

/** The features Playwright 1.65 turns off in every Chromium it launches. */
export const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's suggestion popups: Chromium preloads each as a page of
 * its own in every window, which for Playwright is every test's context, a
 * renderer that costs about a sixth of a short test's CPU and shows nothing.
 */
export const NEVER_SHOWN = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const BROWSER_ARGS = [
  // This network is closed: background fetches would only fail, many at a time.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...NEVER_SHOWN].join(',')}`,
];
