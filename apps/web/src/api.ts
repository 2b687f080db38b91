import { logOut, session } from './session';

/** An answer of the api other than 2xx, with the message it gave (one line per validation error). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const messageOf = (body: unknown, status: number): string => {
  const message = (body as { message?: unknown } | null)?.message;
  if (Array.isArray(message)) return message.join('\n');
  if (typeof message === 'string') return message;
  return `The server answered ${status}`;
};

/** One call to Warpgate's REST api, as the logged-in account if any. */
export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = session.value?.accessToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached: check your connection');
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    // An expired or revoked token: the person logs in again.
    if (res.status === 401 && token) logOut();
    throw new ApiError(res.status, messageOf(parsed, res.status));
  }
  return parsed as T;
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
