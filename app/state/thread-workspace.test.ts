import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newThread, withQuestion } from "../core/agent/thread";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices, queryLabStorage } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";
import { useAgentStore } from "./agent-store";
import { useDatabaseStore } from "./database-store";
import { useEditorStore } from "./editor-store";
import { useQueryStore } from "./query-store";
import { followDatabaseWorkspaces, type WorkspaceFollower } from "./thread-workspace";
import { applyAddressAfterStart } from "./address-after-start";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { webStorageRescue } from "../browser/workspace-rescue";
import type { QueryLabStorage } from "../browser/storage";

function open(id: string | null, name = id ?? "") {
  useDatabaseStore.setState({ current: id === null ? null : { id, name, source: "file", sizeBytes: 1, updatedAt: 1, saveState: "saved" } });
}

const shopThread = withQuestion(newThread({ id: "db-shop", name: "Shop" }, "thread-shop"), {
  traceId: "trace-shop",
  question: "How many orders?",
  askedAt: 1,
  status: "submitted",
  sql: "SELECT 1",
  result: null,
  contextTokens: 0,
});

let follower: WorkspaceFollower;
/** Opens a database (as the database store does) and waits until its workspace is on screen. */
async function switchTo(id: string | null, name?: string): Promise<void> {
  open(id, name);
  await follower.settled();
}

beforeEach(async () => {
  provideServices({ connection: await createInProcessSqliteConnection(), storage: createMemoryStorage({ durable: true }) });
  await queryLabStorage().saveThread(shopThread);
  open(null);
  useEditorStore.setState({ text: "SELECT 'from before'", restored: true });
  useQueryStore.setState({ result: null, error: null, running: null });
  useAgentStore.setState({ trace: null, thread: null, running: false });
  follower = followDatabaseWorkspaces({ textSaveDelayMs: 0 });
});

afterEach(() => follower.stop());

const text = () => useEditorStore.getState().text;

describe("per-database workspace", () => {
  it("switching databases brings back each one's editor text, thread and last result, and shows nothing of the other", async () => {
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'from before'");
    useEditorStore.getState().setText("SELECT 42 AS answer");
    await useQueryStore.getState().run("SELECT 42 AS answer");
    expect(useQueryStore.getState().result?.columns).toEqual(["answer"]);
    await useAgentStore.getState().showThread(shopThread);

    open("db-clinic", "Clinic");
    // Nothing of the shop is left on screen, at once.
    expect(useQueryStore.getState().result).toBeNull();
    expect(useAgentStore.getState().thread).toBeNull();
    await follower.settled();
    expect(text()).toBe("");
    useEditorStore.getState().setText("SELECT 'clinic'");

    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 42 AS answer");
    expect(useAgentStore.getState().thread).toEqual(shopThread);
    // The last result is its SQL run again.
    expect(useQueryStore.getState().result?.columns).toEqual(["answer"]);

    await switchTo("db-clinic", "Clinic");
    expect(text()).toBe("SELECT 'clinic'");
    expect(useAgentStore.getState().thread).toBeNull();
    expect(useQueryStore.getState().result).toBeNull();
  });

  it("is kept in storage under the database id, so a reload brings it back", async () => {
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'from before'");
    useEditorStore.getState().setText("SELECT 'kept'");
    await useAgentStore.getState().showThread(shopThread);
    await vi.waitFor(async () =>
      expect(await queryLabStorage().loadWorkspace("db-shop")).toMatchObject({ editorText: "SELECT 'kept'", threadId: "thread-shop" }),
    );

    // A reload: the stores start empty and the same database opens first.
    follower.stop();
    open(null);
    useEditorStore.setState({ text: "", restored: false });
    useAgentStore.setState({ thread: null, trace: null });
    follower = followDatabaseWorkspaces({ textSaveDelayMs: 0 });
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'kept'");
    expect(useAgentStore.getState().thread?.id).toBe("thread-shop");
    expect(useEditorStore.getState().restored).toBe(true);
  });

  it("a query that changed the database, or a slow one, is not run again on return", async () => {
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'from before'");
    await useQueryStore.getState().run("CREATE TABLE t (a); INSERT INTO t VALUES (1)");
    await switchTo("db-clinic", "Clinic");
    expect(text()).toBe("");
    const run = vi.spyOn(useQueryStore.getState(), "run");
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'from before'");
    expect(run).not.toHaveBeenCalled();
    await queryLabStorage().saveWorkspace({
      databaseId: "db-slow",
      editorText: "",
      threadId: null,
      lastRun: { sql: "SELECT 1", elapsedMs: 60_000, rowCount: 1 },
      updatedAt: 1,
    });
    await switchTo("db-slow");
    expect(run).not.toHaveBeenCalled();
  });

  it("writes a result's last run after the paint, not in the update that brings the result to the screen", async () => {
    await switchTo("db-shop", "Shop");
    const saves = vi.spyOn(queryLabStorage(), "saveWorkspace");
    let savedWithResult: number | null = null;
    const unsubscribe = useQueryStore.subscribe((state, previous) => {
      if (state.result !== previous.result) savedWithResult = saves.mock.calls.length;
    });
    try {
      await useQueryStore.getState().run("SELECT 7 AS seven");
    } finally {
      unsubscribe();
    }
    expect(savedWithResult).toBe(0);
    await vi.waitFor(() => expect(saves).toHaveBeenCalledWith(expect.objectContaining({ lastRun: expect.objectContaining({ sql: "SELECT 7 AS seven" }) })));
  });

  it("a copy saved because another tab changed the original keeps the work on screen", async () => {
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'from before'");
    useEditorStore.getState().setText("SELECT 'mine'");
    useDatabaseStore.setState({
      current: { id: "db-copy", name: "Shop (copy)", source: "file", sizeBytes: 1, updatedAt: 2, saveState: "saved", copiedFrom: "db-shop" },
    });
    expect(text()).toBe("SELECT 'mine'");
    await vi.waitFor(async () => expect(await queryLabStorage().loadWorkspace("db-copy")).toMatchObject({ editorText: "SELECT 'mine'" }));
  });
});

/** A follower whose workspace reads wait for the returned release (reading takes longer than opening the database). */
function holdWorkspaceReads(): () => void {
  const storage = queryLabStorage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  provideServices({ storage: { ...storage, loadWorkspace: async (id: string) => (await held, storage.loadWorkspace(id)) } });
  follower.stop();
  follower = followDatabaseWorkspaces({ textSaveDelayMs: 0 });
  return release;
}

describe("a page left inside the typing pause", () => {
  /** The page's storage, except that workspace writes are lost while `dropping` (the page unloaded before IndexedDB committed). */
  function unloadingStorage(): { storage: () => QueryLabStorage; drop: (dropping: boolean) => void } {
    let dropping = false;
    const real = queryLabStorage();
    const storage = new Proxy(real, {
      get: (target, key) => (key === "saveWorkspace" && dropping ? async () => undefined : Reflect.get(target, key)),
    });
    return { storage: () => storage, drop: (next) => (dropping = next) };
  }

  it("brings the text typed just before a reload back from localStorage, where leaving put it at once", async () => {
    follower.stop();
    const web = new MemoryWebStorage();
    const { storage, drop } = unloadingStorage();
    let leave = () => {};
    follower = followDatabaseWorkspaces({
      storage,
      textSaveDelayMs: 60_000,
      rescue: webStorageRescue(() => web),
      whenLeft: (listener) => ((leave = listener), () => undefined),
    });
    await switchTo("db-shop", "Shop");
    useEditorStore.getState().setText("SELECT 'typed just now'");
    drop(true);
    leave();
    follower.stop();

    // The next visit.
    drop(false);
    open(null);
    useEditorStore.setState({ text: "", restored: false });
    follower = followDatabaseWorkspaces({ storage, textSaveDelayMs: 0, rescue: webStorageRescue(() => web), whenLeft: () => () => undefined });
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'typed just now'");
    // Taken, and written where it belongs: the visit after brings it back from IndexedDB.
    expect(web.length).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await queryLabStorage().loadWorkspace("db-shop"))?.editorText).toBe("SELECT 'typed just now'");
  });

  it("prefers what IndexedDB holds when it is newer than what was put in localStorage", async () => {
    follower.stop();
    const web = new MemoryWebStorage();
    await queryLabStorage().saveWorkspace({ databaseId: "db-shop", editorText: "SELECT 'newer'", threadId: null, lastRun: null, updatedAt: 2_000 });
    webStorageRescue(() => web).keep({ databaseId: "db-shop", editorText: "SELECT 'older'", threadId: null, lastRun: null, updatedAt: 1_000 });
    open(null);
    useEditorStore.setState({ text: "", restored: false });
    follower = followDatabaseWorkspaces({ textSaveDelayMs: 0, rescue: webStorageRescue(() => web), whenLeft: () => () => undefined });
    await switchTo("db-shop", "Shop");
    expect(text()).toBe("SELECT 'newer'");
    expect(web.length).toBe(0);
  });
});

describe("what the person does while the workspace is read", () => {
  /** The shop's kept place: its text, its thread, and a last result to run again. */
  const keepShopWorkspace = () =>
    queryLabStorage().saveWorkspace({
      databaseId: "db-shop",
      editorText: "SELECT 'kept'",
      threadId: shopThread.id,
      lastRun: { sql: "SELECT 'kept result' AS kept", elapsedMs: 1, rowCount: 1 },
      updatedAt: 1,
    });

  it("keeps a question typed in the box, and a query run, instead of the kept thread and last result (review finding)", async () => {
    await keepShopWorkspace();
    const release = holdWorkspaceReads();
    open("db-shop", "Shop");
    useAgentStore.getState().setQuestion("Which books sold best?");
    await useQueryStore.getState().run("SELECT 'mine' AS mine");
    release();
    await follower.settled();
    expect(useAgentStore.getState().question).toBe("Which books sold best?");
    expect(useQueryStore.getState().result?.columns).toEqual(["mine"]);
  });

  it("brings the kept thread back while a run of the database left is still unwinding from its stop (review finding)", async () => {
    await queryLabStorage().saveWorkspace({ databaseId: "db-shop", editorText: "SELECT 'kept'", threadId: shopThread.id, lastRun: null, updatedAt: 1 });
    await switchTo("db-clinic", "Clinic");
    // A question asked on the clinic: leaving stops it, and it is marked not running only once it has unwound.
    useAgentStore.setState({ running: true });
    await switchTo("db-shop", "Shop");
    expect(useAgentStore.getState().thread).toEqual(shopThread);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await queryLabStorage().loadWorkspace("db-shop"))?.threadId).toBe(shopThread.id);
  });

  it("brings the kept thread and last result back when the person did nothing meanwhile", async () => {
    await keepShopWorkspace();
    const release = holdWorkspaceReads();
    open("db-shop", "Shop");
    release();
    await follower.settled();
    expect(useAgentStore.getState().thread).toEqual(shopThread);
    expect(useQueryStore.getState().result?.columns).toEqual(["kept"]);
  });
});

describe("what the address asks for once the first database is open", () => {
  it("waits until that database's workspace is on screen, so entering it does not empty the question box or replace the session", async () => {
    const release = holdWorkspaceReads();
    open("db-shop", "Shop");
    const sessionOpened = vi.fn(() => expect(useAgentStore.getState().question).toBe("How many flights were cancelled?"));
    const applied = applyAddressAfterStart("How many flights were cancelled?", sessionOpened);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sessionOpened).not.toHaveBeenCalled();
    release();
    await applied;
    expect(useAgentStore.getState().question).toBe("How many flights were cancelled?");
    expect(sessionOpened).toHaveBeenCalledOnce();
  });
});
