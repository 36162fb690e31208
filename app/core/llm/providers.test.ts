// listModels and the error classification against the scripted server on each wire: the key travels where the service reads it, and each service's refusals read as a person can act on.
import { LoadAPIKeyError } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedLlmServer, WIRE_NAMES, type ScriptedServer, type WireName } from "../../../e2e/llm-server/scripted-llm-server";
import { classifyLlmError } from "./llm-errors";
import { DEFAULT_LLM_SETTINGS, listModels, type LlmSettings } from "./providers";

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedLlmServer({ requiredApiKey: "test-key", models: ["scripted-model", "other-model"] });
});
afterAll(async () => {
  await server?.close();
});

const PROVIDER_OF: Record<WireName, string> = { openai: "custom", anthropic: "anthropic", google: "google" };
const settingsFor = (wire: WireName, apiKey = "test-key"): LlmSettings => ({
  ...DEFAULT_LLM_SETTINGS,
  providerId: PROVIDER_OF[wire],
  baseUrl: server.baseUrlFor(wire),
  apiKey,
});

describe.each(WIRE_NAMES)("listModels on the %s wire", (wire) => {
  it("lists the models with the key in the service's header, never in the URL", async () => {
    server.reset();
    expect(await listModels(settingsFor(wire))).toEqual(["other-model", "scripted-model"]);
    const [request] = server.requests;
    expect(request!.path).not.toContain("test-key");
    const keyHeader = { openai: "authorization", anthropic: "x-api-key", google: "x-goog-api-key" }[wire];
    expect(request!.headers[keyHeader]).toContain("test-key");
  });

  it("fails a wrong key with the service's status", async () => {
    const error = await listModels(settingsFor(wire, "wrong")).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: wire === "google" ? 400 : 401 });
    // Test connection reads it as a refused key on every wire; Google's 400 says so only in its body (API_KEY_INVALID).
    expect(classifyLlmError(error, { model: "m", baseUrl: settingsFor(wire).baseUrl })).toMatchObject({ kind: "auth" });
  });
});

describe("classifyLlmError", () => {
  const context = { model: "m", baseUrl: "http://127.0.0.1:1/v1" };

  it("says to enter a key when the SDK has none to send", () => {
    const error = new LoadAPIKeyError({
      message: "Anthropic API key is missing. Pass it using the 'apiKey' parameter or the ANTHROPIC_API_KEY environment variable.",
    });
    expect(classifyLlmError(error, context)).toMatchObject({ kind: "auth", retryable: false, message: expect.stringContaining("Enter it in Settings") });
  });

  it("reads an in-band rate limit and a mid-answer failure from the raw error objects streams carry", () => {
    expect(classifyLlmError({ type: "rate_limit_error", message: "slow down" }, context)).toMatchObject({ kind: "rate-limit", retryable: true });
    expect(classifyLlmError({ type: "overloaded_error", message: "Overloaded" }, context)).toMatchObject({ kind: "server", retryable: true });
    expect(classifyLlmError({ message: "context too long", type: "invalid_request_error", code: null }, context)).toMatchObject({
      kind: "bad-request",
      retryable: false,
    });
  });
});
