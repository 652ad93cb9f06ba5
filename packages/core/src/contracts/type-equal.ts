/**
 * Compile-time proof that a contract's schema infers exactly a type core already names (the
 * rule modules keep their interfaces; the contract must not drift from them).
 */
export type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const sameType = <A, B>(proof: Equal<A, B>) => proof;
