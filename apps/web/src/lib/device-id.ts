const DEVICE_KEY = 'wattdesk.deviceId';

/** A stable id for this browser, so the sign-in list can tell devices apart. */
export const deviceId = (): string => {
  const existing = localStorage.getItem(DEVICE_KEY);
  if (existing) return existing;
  const created = `web-${crypto.randomUUID()}`;
  localStorage.setItem(DEVICE_KEY, created);
  return created;
};
