import { beforeAll, describe, expect, it } from "vitest";
import { createInProcessSqliteConnection, type InProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";
import { useDatabaseStore } from "./database-store";
import { followOpenDatabase, useDescriptionsStore } from "./descriptions-store";

const storage = createMemoryStorage({ durable: true });
let connection: InProcessSqliteConnection;

beforeAll(async () => {
  connection = await createInProcessSqliteConnection();
  provideServices({ connection, storage });
  await useDatabaseStore.getState().newDatabase();
  await connection.engine.execute(
    "CREATE TABLE orders (\n  id INTEGER PRIMARY KEY,\n  total REAL -- in cents\n); INSERT INTO orders (total) VALUES (10), (20)",
  );
  await useDatabaseStore.getState().afterChange();
  useDatabaseStore.setState({ status: "ready" });
  followOpenDatabase();
});

describe("descriptions store", () => {
  it("harvests the comments of the open database and profiles its columns once the page has started", async () => {
    await expect.poll(() => useDescriptionsStore.getState().descriptions.tables.orders?.columns.total?.text).toBe("in cents");
    await expect.poll(() => useDescriptionsStore.getState().profile.status, { timeout: 5000 }).toBe("ready");
    const profile = useDescriptionsStore.getState().profile.value!;
    expect(profile.tables[0]?.columns.map((column) => column.column)).toEqual(["id", "total"]);
  });

  it("profiles the database once when its schema changes again while the profile loads (row counts come after the tables)", async () => {
    const engine = connection.engine;
    const profileHead = engine.profileHead;
    let profiled = 0;
    engine.profileHead = ((...options: Parameters<typeof profileHead>) => {
      profiled += 1;
      return Reflect.apply(profileHead, engine, options) as ReturnType<typeof profileHead>;
    }) as typeof profileHead;
    try {
      await engine.execute("CREATE TABLE shipments (id INTEGER PRIMARY KEY, carrier TEXT); INSERT INTO shipments (carrier) VALUES ('DHL')");
      await useDatabaseStore.getState().afterChange();
      // The same tables again, as a new schema object (a refresh with row counts): the store follows it again.
      useDatabaseStore.setState({ schema: { tables: [...useDatabaseStore.getState().schema!.tables] } });
      await expect.poll(() => useDescriptionsStore.getState().profile.value?.tables.map((table) => table.table), { timeout: 5000 }).toContain("shipments");
      expect(useDescriptionsStore.getState().profile.status).toBe("ready");
      expect(profiled).toBe(1);
    } finally {
      engine.profileHead = profileHead;
    }
  });

  it("keeps a person's description for this database, over the harvested one", async () => {
    const databaseId = useDatabaseStore.getState().current!.id;
    await useDescriptionsStore.getState().setDescription("orders", "total", "Order total, in cents, tax included");
    expect(useDescriptionsStore.getState().descriptions.tables.orders?.columns.total).toEqual({
      text: "Order total, in cents, tax included",
      source: "person",
    });
    expect((await storage.loadDescriptionEdits(databaseId))?.tables.orders?.columns.total?.text).toBe("Order total, in cents, tax included");
    // Emptied, the harvested text shows again.
    await useDescriptionsStore.getState().setDescription("orders", "total", "  ");
    expect(useDescriptionsStore.getState().descriptions.tables.orders?.columns.total?.text).toBe("in cents");
  });

  it("loads the kept descriptions when a stored database is opened again", async () => {
    const databaseId = useDatabaseStore.getState().current!.id;
    await useDescriptionsStore.getState().setDescription("orders", null, "One row per order");
    await useDatabaseStore.getState().newDatabase();
    await expect.poll(() => useDescriptionsStore.getState().databaseId).not.toBe(databaseId);
    expect(useDescriptionsStore.getState().edits).toEqual({ tables: {} });
    expect(await useDatabaseStore.getState().reopenRecent(databaseId)).toBe(true);
    await expect.poll(() => useDescriptionsStore.getState().descriptions.tables.orders?.description?.text).toBe("One row per order");
  });
});
