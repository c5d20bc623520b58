/** Asks `probe` every `everyMs` until `done` holds or `ms` have passed, and answers its last value (the test asserts on it). */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 20_000, everyMs = 25): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
