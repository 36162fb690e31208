// The headers of docs/hosting.md and dist/_headers come from security-headers.ts; this keeps the page from drifting.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtFilesOf, hostOptionsFromEnv } from "../../scripts/vite-security-headers";
import {
  COMPUTE_WORKER_POLICY,
  embedWorkerPolicy,
  headerRules,
  headersFile,
  headersForPath,
  PAGE_META_POLICY,
  pageHeaderPolicy,
  SERVICE_WORKER_POLICY,
  SQLITE_WORKER_POLICY,
  sqliteWasmPreload,
} from "./security-headers";

const hosting = readFileSync(new URL("../../docs/hosting.md", import.meta.url), "utf8");

/** The body of the first fenced block of a language after a heading. */
function block(heading: string, language: string): string {
  const section = hosting.slice(hosting.indexOf(heading));
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(section);
  if (!match) throw new Error(`No ${language} block after "${heading}" in docs/hosting.md`);
  return match[1]!;
}

describe("docs/hosting.md shows the headers of security-headers.ts", () => {
  it("the _headers example is the file the build writes", () => {
    expect(block("## Netlify and Cloudflare Pages", "text")).toBe(headersFile(headerRules()));
  });

  it("the page's header policy is shown whole", () => {
    expect(block("The page's policy as a header", "text")).toBe(`${pageHeaderPolicy()}\n`);
  });

  it("nginx and Apache send every header of every rule", () => {
    const nginx = block("## nginx", "nginx");
    const apache = block("## Apache", "apache");
    for (const rule of headerRules()) {
      for (const [name, value] of rule.headers) {
        if (name === "X-Frame-Options") continue; // chosen by the query string in both, checked below
        const shown = name === "Content-Security-Policy" && value === pageHeaderPolicy() ? PAGE_META_POLICY : value;
        expect(nginx, `nginx ${rule.path} ${name}`).toContain(`add_header ${name} "${shown}`);
        expect(apache, `Apache ${rule.path} ${name}`).toContain(`Header always set ${name} "${shown}`);
      }
    }
    expect(nginx).toContain(`"${PAGE_META_POLICY}; frame-ancestors $querylab_frame_ancestors"`);
    expect(nginx).toContain(`default "'none'";`);
    expect(nginx).toContain("add_header X-Frame-Options $querylab_frame_options always;");
    expect(apache).toContain(`"${pageHeaderPolicy()}" "expr=%{QUERY_STRING} !~ /(^|&)embed=1(&|$)/"`);
    expect(apache).toContain(`Header always set X-Frame-Options "DENY" "expr=%{QUERY_STRING} !~ /(^|&)embed=1(&|$)/"`);
    // The page's Link names the build's WASM, so the examples show its form with a placeholder for the hash.
    const link = sqliteWasmPreload("assets/sql-wasm-browser-HASH.wasm");
    expect(nginx).toContain(`add_header Link "${link}" always;`);
    expect(apache).toContain(`Header always set Link "${link}"`);
    expect(hosting).toContain(`| the page | \`Link\` | \`${link}\``);
  });

  it("the table names each worker's policy", () => {
    for (const policy of [SQLITE_WORKER_POLICY, embedWorkerPolicy(), COMPUTE_WORKER_POLICY, SERVICE_WORKER_POLICY]) expect(hosting).toContain(`\`${policy}\``);
  });
});

describe("headerRules", () => {
  it("gives each path at most one CSP: the page's, or its worker's, with the headers for every file", () => {
    const rules = headerRules();
    const csp = (path: string) => headersForPath(path, rules).filter(([name]) => name === "Content-Security-Policy");
    expect(csp("/")).toEqual([["Content-Security-Policy", pageHeaderPolicy()]]);
    expect(csp("/index.html")).toEqual([["Content-Security-Policy", pageHeaderPolicy()]]);
    expect(csp("/assets/sqlite.worker-Dbghbqy6.js")).toEqual([["Content-Security-Policy", SQLITE_WORKER_POLICY]]);
    expect(csp("/assets/embed.worker-_U76cDF1.js")).toEqual([["Content-Security-Policy", embedWorkerPolicy()]]);
    expect(csp("/assets/editor.worker-CX7Cj20z.js")).toEqual([["Content-Security-Policy", COMPUTE_WORKER_POLICY]]);
    expect(csp("/assets/elk-worker.min-J_vVZCZ4.js")).toEqual([["Content-Security-Policy", COMPUTE_WORKER_POLICY]]);
    expect(csp("/sw.js")).toEqual([["Content-Security-Policy", SERVICE_WORKER_POLICY]]);
    expect(csp("/samples/bookshop.sqlite")).toEqual([]);
    expect(headersForPath("/assets/sqlite.worker-Dbghbqy6.js", rules)).toContainEqual(["X-Content-Type-Options", "nosniff"]);
  });

  it("the SQLite worker may fetch its own site and http(s) databases read on demand, and nothing may frame the page by default", () => {
    expect(SQLITE_WORKER_POLICY).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' https: http:");
    expect(pageHeaderPolicy()).toMatch(/; frame-ancestors 'none'$/);
    expect(PAGE_META_POLICY).not.toContain("frame-ancestors");
    expect(headersForPath("/", headerRules())).toContainEqual(["X-Frame-Options", "DENY"]);
  });

  it("framing for the listed sites drops X-Frame-Options; model sites join the embedding worker's connect-src", () => {
    const rules = headerRules({ frameAncestors: ["https://course.example.org"], modelOrigins: ["https://models.example.org"] });
    const page = headersForPath("/", rules);
    expect(page).toContainEqual(["Content-Security-Policy", pageHeaderPolicy(["https://course.example.org"])]);
    expect(page.map(([name]) => name)).not.toContain("X-Frame-Options");
    expect(headersForPath("/assets/embed.worker-x.js", rules)).toContainEqual([
      "Content-Security-Policy",
      expect.stringMatching(/connect-src 'self' .* https:\/\/models\.example\.org$/),
    ]);
  });
});

describe("the page's Link to SQLite's WASM", () => {
  it("the page alone gets it when the build names its WASM, a preload its start script's fetch takes", () => {
    const rules = headerRules(
      {},
      builtFilesOf(["index.html", "assets/app-Ab1.js", "assets/sql-wasm-browser-Bu87Kycj.wasm", "assets/ort-wasm-simd-threaded-X.wasm"]),
    );
    const link = "<./assets/sql-wasm-browser-Bu87Kycj.wasm>; rel=preload; as=fetch; crossorigin";
    expect(headersForPath("/", rules)).toContainEqual(["Link", link]);
    expect(headersForPath("/index.html", rules)).toContainEqual(["Link", link]);
    for (const path of ["/assets/sqlite.worker-x.js", "/sw.js", "/samples/bookshop.sqlite"]) {
      expect(
        headersForPath(path, rules).map(([name]) => name),
        path,
      ).not.toContain("Link");
    }
    expect(headersFile(rules)).toContain(
      `/\n  Content-Security-Policy: ${pageHeaderPolicy()}\n  X-Frame-Options: DENY\n  Cross-Origin-Opener-Policy: same-origin\n  Link: ${link}\n`,
    );
  });

  it("no Link without a WASM to name (outside a build, or a build without one)", () => {
    expect(builtFilesOf(["index.html", "assets/app-Ab1.js"])).toEqual({ sqliteWasm: undefined });
    for (const rules of [headerRules(), headerRules({}, builtFilesOf(["assets/app-Ab1.js"]))]) {
      expect(headersForPath("/", rules).map(([name]) => name)).not.toContain("Link");
    }
  });
});

describe("the build's host options", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reads origins from the environment and refuses anything that could add a directive or a header", () => {
    vi.stubEnv("QUERYLAB_FRAME_ANCESTORS", "https://course.example.org  https://*.school.example:8443");
    vi.stubEnv("QUERYLAB_MODEL_ORIGINS", "");
    expect(hostOptionsFromEnv()).toEqual({ frameAncestors: ["https://course.example.org", "https://*.school.example:8443"], modelOrigins: [] });
    for (const bad of ["https://a.example; script-src *", "*", "javascript:alert(1)", "https://a.example/\r\nX-Evil: 1"]) {
      vi.stubEnv("QUERYLAB_FRAME_ANCESTORS", bad);
      expect(() => hostOptionsFromEnv(), bad).toThrow(/is not an origin/);
    }
  });
});
