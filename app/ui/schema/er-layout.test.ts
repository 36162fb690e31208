// The diagram's pure model: every table a box, every foreign key an edge between the right rows, pruning marks, the compact form, and ELK positions on the Bookshop sample.
import { readFileSync } from "node:fs";
import ELK from "elkjs/lib/elk.bundled.js";
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { readSchema } from "../../core/db/introspect";
import type { ColumnInfo, DatabaseSchema, TableInfo } from "../../core/db/types";
import { buildErModel, COMPACT_TABLES, HEADER_HEIGHT, onJoinPath, positionsFrom, ROW_HEIGHT, sourceHandleId, targetHandleId, toElkGraph } from "./er-layout";

function column(name: string, type = "TEXT", primaryKeyPosition = 0): ColumnInfo {
  return { name, type, notNull: false, defaultValue: null, primaryKeyPosition, comment: null };
}
function table(name: string, columns: ColumnInfo[], foreignKeys: TableInfo["foreignKeys"] = [], kind: TableInfo["kind"] = "table"): TableInfo {
  return { name, kind, rowCount: kind === "table" ? 0 : null, columns, foreignKeys, indexes: [], sql: "" };
}

const SHOP: DatabaseSchema = {
  tables: [
    table("customers", [column("id", "INTEGER", 1), column("name"), column("city")]),
    table(
      "orders",
      [column("id", "INTEGER", 1), column("placed_at"), column("customer_id", "INTEGER")],
      [{ fromColumns: ["customer_id"], toTable: "Customers", toColumns: ["id"] }],
    ),
    table(
      "items",
      [column("order_id", "INTEGER", 1), column("sku", "TEXT", 2), column("qty", "INTEGER")],
      [
        { fromColumns: ["order_id"], toTable: "orders", toColumns: ["id"] },
        { fromColumns: ["sku"], toTable: "products", toColumns: [] },
      ],
    ),
    table("products", [column("sku", "TEXT", 1), column("title")]),
    table("big_orders", [column("id"), column("total")], [], "view"),
  ],
};

describe("buildErModel", () => {
  it("draws every table and view as a box listing its columns with keys and types", () => {
    const model = buildErModel(SHOP);
    expect(model.tables.map((box) => box.name)).toEqual(["customers", "orders", "items", "products", "big_orders"]);
    expect(model.compact).toBe(false);
    const orders = model.tables.find((box) => box.name === "orders")!;
    expect(orders.columns.map((row) => [row.name, row.type, row.primaryKey, row.references])).toEqual([
      ["id", "INTEGER", true, null],
      ["placed_at", "TEXT", false, null],
      ["customer_id", "INTEGER", false, "Customers.id"],
    ]);
    expect(orders.height).toBe(HEADER_HEIGHT + 3 * ROW_HEIGHT + 2);
    expect(model.tables.find((box) => box.name === "big_orders")!.kind).toBe("view");
    expect(model.tables.every((box) => box.mark === "plain" && box.columns.every((row) => row.mark === "plain"))).toBe(true);
  });

  it("makes every foreign key an edge from its column's row to the referenced column's row", () => {
    const { edges } = buildErModel(SHOP);
    expect(edges.map((edge) => [edge.source, edge.sourceHandle, edge.target, edge.targetHandle])).toEqual([
      ["orders", sourceHandleId(2), "customers", targetHandleId(0)], // REFERENCES Customers: names are case-insensitive
      ["items", sourceHandleId(0), "orders", targetHandleId(0)],
      ["items", sourceHandleId(1), "products", targetHandleId(0)], // no columns given: the primary key
    ]);
    expect(edges[0]!.label).toBe("Foreign key: orders.customer_id references customers.id");
    expect(new Set(edges.map((edge) => edge.id)).size).toBe(edges.length);
  });

  it("skips a foreign key to a table that does not exist instead of drawing a dangling edge", () => {
    const schema: DatabaseSchema = { tables: [table("a", [column("x")], [{ fromColumns: ["x"], toTable: "missing", toColumns: ["id"] }])] };
    expect(buildErModel(schema).edges).toEqual([]);
  });

  it("marks kept tables and columns, drops the rest, and picks out the join path in either direction", () => {
    const model = buildErModel(SHOP, {
      kept: { orders: ["id", "customer_id"], customers: ["id", "name"], items: ["order_id"] },
      // The pruner may walk a key backwards (customers → orders).
      joinPath: [
        { fromTable: "customers", fromColumns: ["id"], toTable: "orders", toColumns: ["customer_id"] },
        { fromTable: "items", fromColumns: ["order_id"], toTable: "orders", toColumns: ["id"] },
      ],
    });
    const mark = (name: string) => model.tables.find((box) => box.name === name)!;
    expect(mark("orders").mark).toBe("kept");
    expect(mark("products").mark).toBe("dropped");
    expect(mark("big_orders").mark).toBe("dropped");
    expect(mark("customers").columns.map((row) => row.mark)).toEqual(["kept", "kept", "dropped"]);
    expect(mark("products").columns.every((row) => row.mark === "dropped")).toBe(true);
    expect(model.edges.map((edge) => [edge.id, edge.joinPath, edge.mark])).toEqual([
      ["fk:orders:0", true, "kept"],
      ["fk:items:0", true, "kept"],
      ["fk:items:1", false, "dropped"],
    ]);
    expect(model.edges[0]!.label).toMatch(/^Join path: /);
  });

  it("counts a table as kept when only the join path brings it in", () => {
    const model = buildErModel(SHOP, {
      kept: { customers: ["name"], items: ["qty"] },
      joinPath: [{ fromTable: "orders", fromColumns: ["customer_id"], toTable: "customers", toColumns: ["id"] }],
    });
    expect(model.tables.find((box) => box.name === "orders")!.mark).toBe("kept");
  });

  it("on a large schema lists only keys, referenced and kept columns, and says how many are left out", () => {
    const many: DatabaseSchema = {
      tables: Array.from({ length: COMPACT_TABLES + 10 }, (_, index) =>
        table(
          `t${index}`,
          [column("id", "INTEGER", 1), column("parent_id", "INTEGER"), ...Array.from({ length: 8 }, (__, c) => column(`c${c}`))],
          index === 0 ? [] : [{ fromColumns: ["parent_id"], toTable: `t${index - 1}`, toColumns: ["id"] }],
        ),
      ),
    };
    const model = buildErModel(many, { kept: { t3: ["c5"] }, joinPath: [] });
    expect(model.compact).toBe(true);
    expect(model.tables).toHaveLength(COMPACT_TABLES + 10);
    expect(model.edges).toHaveLength(COMPACT_TABLES + 9);
    const t3 = model.tables.find((box) => box.name === "t3")!;
    expect(t3.columns.map((row) => row.name)).toEqual(["id", "parent_id", "c5"]);
    expect(t3.hiddenColumns).toBe(7);
    expect(t3.height).toBe(HEADER_HEIGHT + 4 * ROW_HEIGHT + 2);
    // Every edge still ends on a drawn row.
    for (const edge of model.edges) {
      const rows = (name: string) => model.tables.find((box) => box.name === name)!.columns.map((row) => row.index);
      expect(rows(edge.source)).toContain(Number(edge.sourceHandle.slice(1)));
      expect(rows(edge.target)).toContain(Number(edge.targetHandle.slice(1)));
    }
    expect(buildErModel(many, null, { compact: false }).tables[0]!.hiddenColumns).toBe(0);
  });

  it("collapses a single very wide table even in a small schema", () => {
    const wide: DatabaseSchema = { tables: [table("wide", [column("id", "INTEGER", 1), ...Array.from({ length: 60 }, (_, c) => column(`c${c}`))])] };
    const box = buildErModel(wide).tables[0]!;
    expect(box.columns.map((row) => row.name)).toEqual(["id"]);
    expect(box.hiddenColumns).toBe(60);
  });
});

describe("onJoinPath", () => {
  it("matches a key in its own or the opposite direction, ignoring case, and not a different column pair", () => {
    const path = [{ fromTable: "Orders", fromColumns: ["Customer_ID"], toTable: "customers", toColumns: ["id"] }];
    expect(onJoinPath(path, "orders", ["customer_id"], "customers", ["id"])).toBe(true);
    expect(
      onJoinPath([{ fromTable: "customers", fromColumns: ["id"], toTable: "orders", toColumns: ["customer_id"] }], "orders", ["customer_id"], "customers", [
        "id",
      ]),
    ).toBe(true);
    expect(onJoinPath(path, "orders", ["billing_customer_id"], "customers", ["id"])).toBe(false);
    expect(onJoinPath(path, "items", ["customer_id"], "customers", ["id"])).toBe(false);
  });
});

describe("ELK layout", () => {
  let bookshop: DatabaseSchema;
  beforeAll(async () => {
    const SQL = await initSqlJs();
    bookshop = readSchema(new SQL.Database(readFileSync("public/samples/bookshop.sqlite")));
  });

  it("gives the ELK graph a port at each edge's row, on the right for keys out and the left for keys in", () => {
    const model = buildErModel(SHOP);
    const graph = toElkGraph(model);
    expect(graph.layoutOptions?.["elk.direction"]).toBe("RIGHT");
    expect(graph.children).toHaveLength(5);
    expect(graph.edges).toHaveLength(3);
    const orders = graph.children![1]!;
    expect(orders.ports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "n1.s2", x: orders.width, y: HEADER_HEIGHT + 2 * ROW_HEIGHT + ROW_HEIGHT / 2 }),
        expect.objectContaining({ id: "n1.t0", x: 0, y: HEADER_HEIGHT + ROW_HEIGHT / 2 }),
      ]),
    );
    expect(graph.edges![0]).toMatchObject({ sources: ["n1.s2"], targets: ["n0.t0"] });
  });

  it("lays out the Bookshop sample (14 tables and views, every foreign key) without overlaps", async () => {
    const model = buildErModel(bookshop);
    expect(model.tables).toHaveLength(14);
    expect(model.edges).toHaveLength(bookshop.tables.reduce((sum, entry) => sum + entry.foreignKeys.length, 0));
    expect(model.compact).toBe(false);
    const laidOut = await new ELK().layout(toElkGraph(model));
    const positions = positionsFrom(model, laidOut);
    expect(positions.size).toBe(14);
    const boxes = model.tables.map((box) => ({ ...positions.get(box.id)!, width: box.width, height: box.height }));
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart).toBe(true);
      }
    }
  });
});
