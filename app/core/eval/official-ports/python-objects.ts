// Test-only: the few Python objects and built-ins the official judges rely on (int, float, str, bytes, None; ==, hash, set, sorted, str(), type()).
import { compareCodePoints, pythonBytesRepr, pythonFloatRepr } from "../python-values";

/** A Python int, as sqlite3 returns an INTEGER (exact, so a bigint). */
export class PyInt {
  constructor(readonly value: bigint) {}
}

/** A Python float, as sqlite3 returns a REAL. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** What Python's sqlite3 hands back for one SQLite value: None, int, float, str or bytes. */
export type PyValue = null | PyInt | PyFloat | string | Uint8Array;
export type PyTuple = readonly PyValue[];

/**
 * A string equal for two values exactly when Python's `==` holds, so it also stands for `hash`: ints and floats by
 * exact value (1 == 1.0, 0 == -0.0, 2**53 + 1 != 2.0**53), str never equal to a number or bytes.
 */
export function pyKey(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "string") return `s:${value}`;
  if (value instanceof Uint8Array) return `b:${Array.from(value).join(",")}`;
  if (value instanceof PyInt) return `n:${value.value}`;
  // A float equals an int exactly when it is whole; BigInt(-0) is 0n.
  return Number.isInteger(value.value) ? `n:${BigInt(value.value)}` : `f:${value.value}`;
}

/** Tuples compare item by item with ==. */
export function pyTupleKey(tuple: PyTuple): string {
  return JSON.stringify(tuple.map(pyKey));
}

/** `list1 == list2` for lists of tuples. */
export function pyListEq(left: readonly PyTuple[], right: readonly PyTuple[]): boolean {
  return left.length === right.length && left.every((tuple, index) => pyTupleKey(tuple) === pyTupleKey(right[index]!));
}

/** `set(tuples)`, as the keys of its members. */
export function pySet(tuples: readonly PyTuple[]): Set<string> {
  return new Set(tuples.map(pyTupleKey));
}

/** `set1 == set2`. */
export function pySetEq(left: Set<string>, right: Set<string>): boolean {
  return left.size === right.size && [...left].every((key) => right.has(key));
}

/** `str(x)`. */
export function pyStr(value: PyValue): string {
  if (value === null) return "None";
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return pythonBytesRepr(value);
  if (value instanceof PyInt) return value.value.toString();
  return pythonFloatRepr(value.value);
}

/** `str(type(x))`. */
export function pyTypeStr(value: PyValue): string {
  if (value === null) return "<class 'NoneType'>";
  if (typeof value === "string") return "<class 'str'>";
  if (value instanceof Uint8Array) return "<class 'bytes'>";
  return value instanceof PyInt ? "<class 'int'>" : "<class 'float'>";
}

/** `sorted(items, key=key)` for string keys: stable, strings by code point. */
export function pySorted<T>(items: readonly T[], key: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: key(item) }))
    .sort((left, right) => compareCodePoints(left.key, right.key))
    .map(({ item }) => item);
}

/** `str.strip()`: Python's whitespace (str.isspace()), which is not JS's trim(). */
export function pyStrip(text: string): string {
  const whitespace = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  return text.replace(new RegExp(`^[${whitespace}]+|[${whitespace}]+$`, "g"), "");
}

/** `itertools.product(*iterables)`, lazily, in Python's order. */
export function* product(iterables: readonly (readonly number[])[]): Generator<number[]> {
  if (iterables.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = iterables;
  for (const item of first!) for (const tail of product(rest)) yield [item, ...tail];
}

/** A database connection's `cursor.execute(sql)` followed by `fetchall()`; throws as sqlite3 raises. */
export interface Sqlite3Connection {
  executeFetchall(sql: string): PyTuple[];
}
