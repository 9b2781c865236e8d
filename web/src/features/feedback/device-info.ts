/**
 * The page and device a feedback item is sent with (docs/product/feedback.md#sending): read from the browser when the
 * form opens and shown to the reader before sending.
 */
import type { TFeedbackDeviceInfo } from '@shared/feedback';

/** Browser name and major version from the user agent (Edge and Opera before Chrome, Chrome before Safari). */
export function browserName(userAgent: string): string {
  const rules: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Unknown browser';
}

export function platformName(userAgent: string): string {
  if (/Android/.test(userAgent)) return 'Android';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'iOS';
  if (/Windows/.test(userAgent)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(userAgent)) return 'macOS';
  if (/CrOS/.test(userAgent)) return 'ChromeOS';
  if (/Linux/.test(userAgent)) return 'Linux';
  return 'Unknown platform';
}

export interface TFeedbackContext {
  url: string;
  userAgent: string;
  deviceInfo: TFeedbackDeviceInfo;
}

export function currentFeedbackContext(): TFeedbackContext {
  const userAgent = navigator.userAgent;
  return {
    url: `${window.location.pathname}${window.location.search}`.slice(0, 2000),
    userAgent: userAgent.slice(0, 500),
    deviceInfo: {
      platform: platformName(userAgent),
      browser: browserName(userAgent),
      screenResolution: `${window.screen.width}x${window.screen.height}`,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
    },
  };
}
