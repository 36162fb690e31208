// Builds the app and serves it with `vite preview` as child processes that are always ended, even on error or Ctrl+C.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const REPOSITORY_ROOT = fileURLToPath(new URL("..", import.meta.url));

const live = new Set<ChildProcess>();

/**
 * Children start in their own process group (detached) because `npx` runs vite as a grandchild:
 * signalling only the npx process would leave vite holding the port.
 */
function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

let exitHooksInstalled = false;

/** Last-resort cleanup when the bench dies without reaching its finally blocks. */
function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      for (const child of live) killGroup(child, "SIGKILL");
      process.exit(130);
    });
  }
}

function startChild(args: string[]): ChildProcess {
  installExitHooks();
  const child = spawn("npx", args, { cwd: REPOSITORY_ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  child.once("exit", () => live.delete(child));
  return child;
}

function collectOutput(child: ChildProcess): () => string {
  const chunks: string[] = [];
  child.stdout?.on("data", (data: Buffer) => chunks.push(data.toString()));
  child.stderr?.on("data", (data: Buffer) => chunks.push(data.toString()));
  return () => chunks.join("").slice(-4000);
}

/** Asks the OS for a port nobody uses; vite then binds it with --strictPort so a lost race fails loudly. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("Could not find a free port."));
      });
    });
  });
}

/** `vite build` into outDir; --manifest is added so chunks can be named by their source in the report. */
export async function buildApp(outDir: string, mode?: "test"): Promise<{ elapsedMs: number }> {
  const started = performance.now();
  const args = ["vite", "build", "--manifest", "--emptyOutDir", "--outDir", outDir, ...(mode ? ["--mode", mode] : [])];
  const child = startChild(args);
  const output = collectOutput(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`npx ${args.join(" ")} failed (exit ${code}):\n${output()}`);
  return { elapsedMs: performance.now() - started };
}

export interface PreviewServer {
  /** Base address with a trailing slash, e.g. http://127.0.0.1:41234/ */
  url: string;
  close(): Promise<void>;
}

/** Serves a built directory and resolves once it answers HTTP, so no benchmark starts against a half-up server. */
export async function startPreview(outDir: string, timeoutMs = 30_000): Promise<PreviewServer> {
  const port = await freePort();
  const child = startChild(["vite", "preview", "--outDir", outDir, "--host", "127.0.0.1", "--port", String(port), "--strictPort"]);
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${port}/`;

  const close = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`vite preview exited (code ${child.exitCode}):\n${output()}`);
      try {
        const response = await fetch(url);
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`vite preview did not answer on ${url} within ${timeoutMs} ms:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
