// LLM settings: provider preset, endpoint, model (listed when the provider can), the key of that provider and origin, temperature, turns,
// protocol; and the embedding model.
import { useState } from "react";
import { presetOf, PROVIDER_PRESETS } from "../../core/llm/provider-presets";
import { connectSourcesInForce, isConnectAllowed } from "../../browser/content-security";
import { keyFor, keyOrigin } from "../../state/provider-keys";
import { llmForRequest, useSettingsStore } from "../../state/settings-store";
import { connectionFailure } from "./connection-failure";
import { CostSettingsSection } from "./cost-settings-section";
import { EmbeddingSettingsSection } from "./embedding-settings-section";
import { InPageModelSection } from "./in-page-model-section";
import { VotingSettingsSection } from "./voting-settings-section";

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function SettingsDialog() {
  const open = useSettingsStore((state) => state.open);
  const llm = useSettingsStore((state) => state.llm);
  // The key shown is the one kept for this provider and origin: another preset or Base URL shows its own, or none.
  const apiKey = useSettingsStore((state) => keyFor(state.keys, state.llm)?.key ?? "");
  const rememberKey = useSettingsStore((state) => keyFor(state.keys, state.llm)?.remember ?? false);
  const { update, choosePreset, setKey, setRememberKey, forgetKeys, setOpen } = useSettingsStore.getState();
  const [models, setModels] = useState<string[]>([]);
  const [connection, setConnection] = useState<{ ok: boolean; message: string; testedWith: string } | null>(null);
  const [testing, setTesting] = useState(false);
  if (!open) return null;
  const preset = presetOf(llm);
  const origin = keyOrigin(llm.baseUrl);
  const allowed = connectSourcesInForce();
  const blockedOrigin = allowed && llm.baseUrl && !isConnectAllowed(llm.baseUrl, allowed) ? safeOrigin(llm.baseUrl) : null;
  // What a test result speaks for: once the provider, URL, model or key changes, "Connected" no longer holds.
  const endpointNow = JSON.stringify([llm.providerId, llm.baseUrl, llm.model, apiKey]);
  const shownConnection = connection?.testedWith === endpointNow ? connection : null;

  const testConnection = async () => {
    setTesting(true);
    setConnection(null);
    const testedWith = endpointNow;
    // The SDK-backed helpers load only when a connection is tested, not with the page.
    const [{ listModels }, { classifyLlmError }] = await Promise.all([import("../../core/llm/providers"), import("../../core/llm/llm-errors")]);
    try {
      const { settings, fetch } = llmForRequest();
      const listed = await listModels(settings, fetch);
      setModels(listed);
      const known = listed.length === 0 || listed.includes(llm.model);
      setConnection({
        ok: known,
        testedWith,
        message: known
          ? `Connected: ${listed.length} ${listed.length === 1 ? "model" : "models"} available.`
          : `Connected, but the provider does not list the model "${llm.model}". Pick one from the list.`,
      });
    } catch (error) {
      setConnection({
        ok: false,
        testedWith,
        message: connectionFailure(error, classifyLlmError, { model: llm.model, baseUrl: llm.baseUrl, reachHint: preset.reachHint }),
      });
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="dialog-backdrop" onClick={() => setOpen(false)}>
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Settings"
        className="dialog settings"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
      >
        <header>
          <h2>Settings</h2>
          <button type="button" aria-label="Close" onClick={() => setOpen(false)}>
            ×
          </button>
        </header>
        <form className="settings-form" onSubmit={(event) => event.preventDefault()}>
          <label>
            Provider
            <select value={llm.providerId} onChange={(event) => choosePreset(event.target.value)}>
              {PROVIDER_PRESETS.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Base URL
            <input type="url" value={llm.baseUrl} onChange={(event) => update({ baseUrl: event.target.value })} placeholder="https://…/v1" />
          </label>
          {blockedOrigin && (
            <p className="notice info" role="status">
              For safety the page connects only to the endpoints it started with. Reload to allow {blockedOrigin}; the settings are kept.{" "}
              <button type="button" onClick={() => location.reload()}>
                Reload
              </button>
            </p>
          )}
          <label>
            Model
            <input list="model-list" value={llm.model} onChange={(event) => update({ model: event.target.value })} />
            <datalist id="model-list">
              {models.map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
          </label>
          {preset.kind === "in-page" ? (
            <InPageModelSection />
          ) : (
            <>
              <label>
                API key {preset.needsKey ? "" : "(not needed for a local server)"}
                <input
                  type="password"
                  autoComplete="off"
                  value={apiKey}
                  // A key belongs to an origin: with no usable Base URL there is nowhere it could be sent.
                  disabled={!origin}
                  aria-describedby="api-key-origin"
                  onChange={(event) => setKey(event.target.value)}
                />
              </label>
              <p id="api-key-origin" className="muted">
                {origin ? `Key for ${origin} (${preset.label})` : "Enter a Base URL (http or https) to give it a key."}
              </p>
              <label className="checkbox">
                <input type="checkbox" checked={rememberKey} onChange={(event) => setRememberKey(event.target.checked)} />
                Remember the key on this device
              </label>
              <p className="muted">
                Each key belongs to one provider and origin and is sent only there, from this page: another preset or Base URL shows its own key, or none.
                Unless you tick the box a key lives in memory and is gone after a reload; ticked, it is stored in this browser's local storage, readable by
                anyone using this browser profile.
              </p>
            </>
          )}
          <div className="settings-row">
            <label>
              Temperature
              <input
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={llm.temperature}
                onChange={(event) => update({ temperature: Number(event.target.value) })}
              />
            </label>
            <label>
              Max turns
              <input
                type="number"
                min={1}
                max={50}
                value={llm.maxTurns}
                onChange={(event) => update({ maxTurns: Math.max(1, Math.min(50, Number(event.target.value) || 1)) })}
              />
            </label>
            <label>
              Token budget per question
              <input
                type="number"
                min={1000}
                step={1000}
                value={llm.tokenBudget}
                onChange={(event) => update({ tokenBudget: Math.max(1000, Number(event.target.value) || 1000) })}
              />
            </label>
            <label title="Each query the agent runs (and each stage of a diagnosis) is stopped after this long; the database is reopened unchanged and the agent reads that it was stopped.">
              Query time limit (s)
              <input
                type="number"
                min={1}
                max={600}
                value={llm.queryTimeLimitMs / 1000}
                onChange={(event) => update({ queryTimeLimitMs: Math.round(Math.max(1, Math.min(600, Number(event.target.value) || 1)) * 1000) })}
              />
            </label>
            <label>
              Tool protocol
              <select value={llm.protocol} onChange={(event) => update({ protocol: event.target.value as typeof llm.protocol })}>
                <option value="auto">Automatic</option>
                <option value="tools">Native tool calls</option>
                <option value="text">Plain text</option>
              </select>
            </label>
          </div>
          {preset.kind !== "in-page" && (
            <div className="settings-row">
              <button type="button" onClick={() => void testConnection()} disabled={testing}>
                {testing ? "Testing…" : "Test connection"}
              </button>
              <button type="button" onClick={forgetKeys}>
                Forget keys
              </button>
            </div>
          )}
          {shownConnection && (
            <p role={shownConnection.ok ? "status" : "alert"} className={shownConnection.ok ? "connection-ok" : "notice error"}>
              {shownConnection.message}
            </p>
          )}
        </form>
        <VotingSettingsSection />
        <CostSettingsSection />
        <EmbeddingSettingsSection />
      </div>
    </div>
  );
}
