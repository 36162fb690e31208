import { describe, expect, it } from "vitest";
import { isQuotaError } from "../browser/storage-estimate";
import { describeEarlierFailure, describeSaveFailure, sizesText } from "./save-failure";

describe("save failure messages", () => {
  it("recognizes a full store by name or by the legacy code, and nothing else", () => {
    expect(isQuotaError(new DOMException("The quota has been exceeded.", "QuotaExceededError"))).toBe(true);
    expect(isQuotaError({ name: "Error", code: 22 })).toBe(true);
    expect(isQuotaError(new DOMException("Internal error.", "UnknownError"))).toBe(false);
    expect(isQuotaError("QuotaExceededError")).toBe(false);
  });

  it("gives needed, used and free, and says when the browser does not tell", () => {
    expect(sizesText(2048, { usedBytes: 3 * 1024 ** 2, quotaBytes: 4 * 1024 ** 2 })).toBe("Needed 2.0 KB; used 3.0 MB of 4.0 MB, 1.0 MB free.");
    // Usage can exceed the quota (it is an estimate): free is never negative.
    expect(sizesText(10, { usedBytes: 5000, quotaBytes: 4000 })).toBe("Needed 10 B; used 4.9 KB of 3.9 KB, 0 B free.");
    expect(sizesText(10, null)).toBe("Needed 10 B; the browser does not say how much is used or free.");
  });

  it("names a refusal that is not a full store as such, and what a reload would do", () => {
    const message = describeSaveFailure({
      error: new DOMException("Internal error.", "UnknownError"),
      databaseName: "Shop",
      neededBytes: 100,
      sizes: null,
      storedAt: null,
    });
    expect(message).toMatch(/^Shop was not saved: the browser refused to store it \(UnknownError: Internal error\)\. Needed 100 B;/);
    expect(message).toContain("a reload would lose this database");
  });

  it("on load, says which copy came back", () => {
    const mark = { databaseName: "Shop", failedAt: Date.UTC(2025, 0, 2, 10), storedAt: Date.UTC(2025, 0, 2, 9), quota: false };
    expect(describeEarlierFailure(mark, true)).toMatch(
      /^The last save of Shop failed .*, so this is the older copy saved .*: changes made after it were not kept\.$/,
    );
    expect(describeEarlierFailure(mark, false)).toMatch(/; Recent has its older copy saved .*, without the changes made after it\.$/);
  });
});
