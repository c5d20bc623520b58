/**
 * What the browser journeys ask the running server directly (setting the stage a screen would
 * take minutes to reach): one authenticated JSON call, and waiting for an answer to change.
 */

/** One call to the server at `baseUrl` as the member holding `token`. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Probes every 250 ms until `done` holds or `ms` pass; answers the last value either way. */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
