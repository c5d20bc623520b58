/** Time and identity come from outside the core, so every rule is reproducible in a test. */
export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new unique identifier (a UUID in production). */
  newId(): string;
}
