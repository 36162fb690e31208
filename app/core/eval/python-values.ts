// SQLite values as Python's sqlite3 hands them to the official Spider script: their str(), their type, and the sort key its quick_rej uses.
import type { SqlValue } from "../db/types";

/**
 * Python's `repr(float)` (= `str`): the shortest digits that read back to the same double, in fixed notation
 * while the decimal exponent is in [-4, 16) with ".0" on whole values, else `d.ddde+XX` (two exponent digits at least).
 */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Infinity) return "inf";
  if (value === -Infinity) return "-inf";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  // toExponential() without an argument gives the shortest round-tripping digits, as Python's repr does.
  const [mantissa, exponentText] = Math.abs(value).toExponential().split("e") as [string, string];
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
    const exponentDigits = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? "-" : "+"}${exponentDigits}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}.${fraction === "" ? "0" : fraction}`;
}

/** Python's `repr(bytes)`: b'…' (b"…" when it holds ' and no "), printable ASCII as is, \t \n \r \\ and \xhh otherwise. */
export function pythonBytesRepr(bytes: Uint8Array): string {
  const quote = bytes.includes(0x27) && !bytes.includes(0x22) ? '"' : "'";
  let text = "";
  for (const byte of bytes) {
    if (byte === 0x5c) text += "\\\\";
    else if (byte === quote.charCodeAt(0)) text += `\\${quote}`;
    else if (byte === 0x09) text += "\\t";
    else if (byte === 0x0a) text += "\\n";
    else if (byte === 0x0d) text += "\\r";
    else if (byte < 0x20 || byte >= 0x7f) text += `\\x${byte.toString(16).padStart(2, "0")}`;
    else text += String.fromCharCode(byte);
  }
  return `b${quote}${text}${quote}`;
}

/**
 * `str(x) + str(type(x))`, the key by which test-suite-sql-eval's `unorder_row` sorts a row's values. `isReal` says
 * a whole number came from a REAL (3.0), not an INTEGER (3): the two are equal in Python but have different keys.
 */
export function pythonSortKey(value: SqlValue, isReal: boolean): string {
  if (value === null) return "None<class 'NoneType'>";
  if (typeof value === "string") return `${value}<class 'str'>`;
  if (typeof value === "number") {
    if (isReal || !Number.isInteger(value)) return `${pythonFloatRepr(value)}<class 'float'>`;
    return `${BigInt(value).toString()}<class 'int'>`;
  }
  return `${pythonBytesRepr(value)}<class 'bytes'>`;
}

/** Python's string order: by code point, where JS's `<` compares UTF-16 units (they differ past U+FFFF). */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a === b) continue;
    // A surrogate (an astral code point) ranks above every BMP unit from U+E000 on; elsewhere units order as code points.
    const surrogateA = a >= 0xd800 && a <= 0xdfff;
    const surrogateB = b >= 0xd800 && b <= 0xdfff;
    if (surrogateA !== surrogateB) return surrogateA ? (b >= 0xe000 ? 1 : a - b) : a >= 0xe000 ? -1 : a - b;
    return a - b;
  }
  return left.length - right.length;
}
