import { expect, type APIRequestContext } from '@playwright/test';

/** The API as the account: a fresh token, then the request; fails the test on an error answer. */
export async function api<T>(request: APIRequestContext, account: { email: string; password: string }, method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const token = await request.post('/api/oauth2/token', {
    form: { grant_type: 'password', username: account.email, password: account.password, client_id: 'dashboard' },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { accessToken } = (await token.json()) as { accessToken: string };
  const answer = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${accessToken}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}
