import { stack } from './stack.ts';

/** Calls the started product's API directly, for setting up what a test needs (not what it checks). */
export const apiAs = async (email: string, password = 'Charge#2026') => {
  const { baseUrl } = stack();
  const login = await fetch(`${baseUrl}/web/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, deviceId: 'e2e-setup' }),
  });
  if (!login.ok) throw new Error(`setup login failed: ${login.status}`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/web${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { get: <T>(path: string) => call<T>('GET', path), post: <T>(path: string, body: unknown) => call<T>('POST', path, body) };
};
