import Bowser from 'bowser';

/** "Chrome on macOS", "Safari on iOS", or what is known of an unusual client. */
export const deviceLabel = (userAgent: string | null): string => {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
};
