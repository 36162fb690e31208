// `--semantics` and `--keep-distinct` for `querylab ex` and `eval`: what is accepted, what is refused, what the help says.
import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { EX_USAGE } from "./ex-command";
import { SEMANTICS_OPTION_SPEC, semanticsFrom, semanticsLabel } from "./semantics-options";

const choiceOf = (...args: string[]) => semanticsFrom(parseArgs({ args, options: SEMANTICS_OPTION_SPEC }).values);

describe("semanticsFrom", () => {
  it("is the official Spider match with DISTINCT dropped by default", () => {
    expect(choiceOf()).toEqual({ semantics: "spider", keepDistinct: false });
    expect(choiceOf("--keep-distinct")).toEqual({ semantics: "spider", keepDistinct: true });
    expect(choiceOf("--semantics", "bird")).toEqual({ semantics: "bird", keepDistinct: false });
  });
  it("refuses a name it does not know rather than judging by another", () => {
    expect(() => choiceOf("--semantics", "spyder")).toThrow("--semantics is spider or bird, not spyder");
  });
  it("refuses --keep-distinct with BIRD, which runs the queries as written", () => {
    expect(() => choiceOf("--semantics", "bird", "--keep-distinct")).toThrow("--keep-distinct is for --semantics spider");
  });
  it("labels the summaries", () => {
    expect(semanticsLabel({ semantics: "spider", keepDistinct: true })).toBe("spider, DISTINCT kept");
    expect(semanticsLabel({ semantics: "bird", keepDistinct: false })).toBe("bird");
  });
});

describe("the help", () => {
  it("names the official file each choice follows and what it does with DISTINCT, order and columns", () => {
    expect(EX_USAGE).toContain("test-suite-sql-eval, exec_eval.py");
    expect(EX_USAGE).toContain("DISTINCT dropped");
    expect(EX_USAGE).toContain("--keep-distinct");
    expect(EX_USAGE).toContain("evaluation_ex.py");
    expect(EX_USAGE).toContain('"order by"');
  });
});
