import { describe, expect, it } from "vitest";
import { sessionFileAddress, sessionInAddress, sessionLink, withoutSession } from "./session-address";

describe("a session in the page's address", () => {
  it("finds a link's session in the fragment and a hosted file in ?session=, resolved against the page", () => {
    expect(sessionInAddress(new URL("https://example.org/app/?sample=bookshop#session=abc_-"))).toEqual({ kind: "link", payload: "abc_-" });
    expect(sessionInAddress(new URL("https://example.org/app/?session=shared/one.json"))).toEqual({
      kind: "file",
      url: "https://example.org/app/shared/one.json",
    });
    expect(sessionInAddress(new URL("https://example.org/app/?db=https://data.example.org/x.sqlite#other"))).toBeNull();
  });

  it("writes the link with the app's address (its database parameters kept) and the session after #session=", () => {
    const link = sessionLink("https://example.org/app/?sample=bookshop#old", "PAYLOAD");
    expect(link).toBe("https://example.org/app/?sample=bookshop#session=PAYLOAD");
    expect(sessionInAddress(new URL(link))).toEqual({ kind: "link", payload: "PAYLOAD" });
    expect(sessionFileAddress("https://example.org/app/?db=https%3A%2F%2Fd.example%2Fx.sqlite", "https://files.example/s.json")).toBe(
      "https://example.org/app/?db=https%3A%2F%2Fd.example%2Fx.sqlite&session=https%3A%2F%2Ffiles.example%2Fs.json",
    );
  });

  it("takes the session out of the address once opened, leaving the rest", () => {
    expect(withoutSession(new URL("https://example.org/app/?session=a.json&x=1")).href).toBe("https://example.org/app/?x=1");
    expect(withoutSession(new URL("https://example.org/app/#session=abc")).href).toBe("https://example.org/app/");
    expect(withoutSession(new URL("https://example.org/app/#section")).href).toBe("https://example.org/app/#section");
  });
});
