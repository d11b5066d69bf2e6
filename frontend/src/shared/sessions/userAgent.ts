/** What a session's browser reads as: the browser with its major version, and the system. */
export interface BrowserLabel {
  /** e.g. 'Chrome 131'; null when the agent names no browser the panel knows. */
  browser: string | null;
  /** e.g. 'Linux', 'Windows', 'iOS'; null when the agent names none. */
  os: string | null;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, every mobile one says Mozilla.
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\b(?:Edg|Edge|EdgA|EdgiOS)\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*.*\bSafari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

/** A command-line or library client ('curl/8.5.0', 'Go-http-client/1.1'): its name and version. */
const CLIENT = /^([A-Za-z][\w.-]*)\/(\d+(?:\.\d+)?)/;

/**
 * A short readable name of a session's browser from its User-Agent header, e.g.
 * 'Chrome 131' on 'Linux'. Agents the panel does not know keep whatever part it can read.
 */
export function browserLabel(userAgent: string | null | undefined): BrowserLabel {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { browser: null, os: null };
  const os = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return { browser: `${name} ${match[1]}`, os };
  }
  if (!ua.startsWith('Mozilla/')) {
    const client = CLIENT.exec(ua);
    if (client) return { browser: `${client[1]} ${client[2]}`, os };
  }
  return { browser: null, os };
}
