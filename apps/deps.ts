/**
 * Binding a core class that takes one deps object (the use-case shape, docs/decisions/0018-accounts-one-use-case-shape-channels-without-the-container.md): its
 * dependencies are named once, each with the token it is resolved from, instead of a factory
 * repeating every name and a token list repeating every dependency in the same order.
 */
import type { Bind, ServiceIdentifier } from 'inversify';

/** Each dependency's name and the token it is resolved from. */
export type DepTokens<D> = { readonly [K in keyof D]-?: ServiceIdentifier<D[K]> };

type ResolvedValue<T> = [(...values: unknown[]) => T, ServiceIdentifier<unknown>[]];

/** The factory and tokens of `toResolvedValue` for `make({ name: resolved token, … })`. */
export function fromDeps<D, T>(make: (deps: D) => T, tokens: DepTokens<D>): ResolvedValue<T> {
  const names = Object.keys(tokens) as (keyof D & string)[];
  const factory = (...values: unknown[]) => make(Object.fromEntries(names.map((name, i) => [name, values[i]])) as D);
  return [factory, names.map((name) => tokens[name] as ServiceIdentifier<unknown>)];
}

/** `bind(SignIn).toResolvedValue(...withDeps(SignIn, { accounts: TOKENS.AccountRepository, … }))`. */
export function withDeps<D, T>(Class: new (deps: D) => T, tokens: DepTokens<D>): ResolvedValue<T> {
  return fromDeps((deps: D) => new Class(deps), tokens);
}

/**
 * Another port served by an adapter already bound under `boundAs` (one instance, one binding):
 * `servesAlso(bind, TOKENS.OutboxReader, TOKENS.Outbox)`. The adapter's class declares that it
 * `implements` the port, which is where the compiler checks it.
 */
export function servesAlso<T>(bind: Bind, port: ServiceIdentifier<T>, boundAs: ServiceIdentifier<unknown>): void {
  bind(port).toService(boundAs as ServiceIdentifier<T>);
}
