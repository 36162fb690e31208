// The checks a reply or a stored value is read with by hand, where zod's parse is too slow for its size (the page's
// CSP keeps zod from compiling its checks): thousands of tables' schema or profile.
export const isString = (value: unknown): value is string => typeof value === "string";
export const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** As zod's z.number(): finite numbers only. */
export const isNumber = (value: unknown): value is number => Number.isFinite(value);
export const isNullOrString = (value: unknown): value is string | null => value === null || isString(value);
