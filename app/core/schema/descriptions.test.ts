// Harvesting descriptions (comments, BIRD CSVs in their encodings, Spider names) and merging them by source.
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { readSchema } from "../db/introspect";
import {
  decodeDescriptionFile,
  descriptionsFromBirdCsv,
  descriptionsFromSpiderTables,
  harvestBenchmarkDescriptions,
  nameAddsWords,
} from "./benchmark-descriptions";
import { alignDescriptions, descriptionOf, descriptionsFromComments, mergeDescriptions, undocumentedColumns, withDescription } from "./descriptions";
import type { SchemaDescriptions } from "./types";

async function schemaOf(sqlText: string) {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  database.exec(sqlText);
  const schema = readSchema(database);
  database.close();
  return schema;
}

const BIRD_CSV = `original_column_name,column_name,column_description,data_format,value_description
CDSCode,,California Department Schools code,text,
"Charter School (Y/N)",Charter School,whether it is a charter school,integer,"0: N;
1: Y"
County,County,County name,text,
`;

describe("harvesting descriptions", () => {
  it("takes the -- comments of CREATE TABLE as column descriptions", async () => {
    const schema = await schemaOf("CREATE TABLE books (id INTEGER PRIMARY KEY, -- Unique book id\n title TEXT -- Title on the cover\n, price REAL)");
    const descriptions = descriptionsFromComments(schema);
    expect(descriptionOf(descriptions, "books", "id")).toEqual({ text: "Unique book id", source: "comment" });
    expect(descriptionOf(descriptions, "BOOKS", "Title")).toEqual({ text: "Title on the cover", source: "comment" });
    expect(descriptionOf(descriptions, "books", "price")).toBeUndefined();
    expect(undocumentedColumns(schema, descriptions)).toEqual([{ table: "books", column: "price", type: "REAL" }]);
  });

  it("reads BIRD description CSVs: description, expanded name when it adds words, and value meanings", () => {
    const { descriptions, warnings } = descriptionsFromBirdCsv([{ table: "schools", text: BIRD_CSV }]);
    expect(warnings).toEqual([]);
    expect(descriptionOf(descriptions, "schools", "CDSCode")?.text).toBe("California Department Schools code");
    expect(descriptionOf(descriptions, "schools", "Charter School (Y/N)")).toEqual({
      text: "whether it is a charter school. Values: 0: N; 1: Y",
      source: "bird",
    });
    expect(descriptionOf(descriptions, "schools", "county")?.text).toBe("County name");
  });

  it("decodes description files in UTF-8, UTF-8 with a BOM, and cp1252", () => {
    const csv = "original_column_name,column_name,column_description\nville,,Nom de la ville où l’école se trouve\n";
    const utf8 = new TextEncoder().encode(csv);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    // cp1252: ù is 0xF9, é 0xE9, ’ 0x92 (a byte sequence that is not valid UTF-8).
    const cp1252 = new Uint8Array(
      [...csv].map((character) => (character === "ù" ? 0xf9 : character === "é" ? 0xe9 : character === "’" ? 0x92 : character.charCodeAt(0))),
    );
    for (const bytes of [utf8, withBom, cp1252]) {
      const text = decodeDescriptionFile(bytes);
      expect(text.startsWith("original_column_name")).toBe(true);
      const { descriptions } = descriptionsFromBirdCsv([{ table: "villes", text }]);
      expect(descriptionOf(descriptions, "villes", "ville")?.text).toBe("Nom de la ville où l’école se trouve");
    }
  });

  it("warns about a CSV without the expected columns", () => {
    expect(descriptionsFromBirdCsv([{ table: "t", text: "a,b\n1,2\n" }]).warnings[0]).toMatch(/original_column_name/);
  });

  it("keeps Spider natural names only when they add words beyond case, spaces and underscores", () => {
    expect(nameAddsWords("StuID", "student id")).toBe(true);
    expect(nameAddsWords("customer_id", "Customer Id")).toBe(false);
    expect(nameAddsWords("firstname", "first name")).toBe(false);
    expect(nameAddsWords("StuID", "stu id")).toBe(false);
    expect(nameAddsWords("dept_name", "department name")).toBe(true);
    const tables = JSON.stringify([
      { db_id: "other", table_names: ["x"], table_names_original: ["X"], column_names: [[-1, "*"]], column_names_original: [[-1, "*"]] },
      {
        db_id: "college",
        table_names: ["student", "department"],
        table_names_original: ["Student", "dept"],
        column_names: [
          [-1, "*"],
          [0, "student id"],
          [0, "last name"],
          [1, "department name"],
        ],
        column_names_original: [
          [-1, "*"],
          [0, "StuID"],
          [0, "LName"],
          [1, "dept_name"],
        ],
        column_types: ["text", "number", "text", "text"],
        foreign_keys: [],
        primary_keys: [1],
      },
    ]);
    const { descriptions } = descriptionsFromSpiderTables(tables, "college");
    expect(descriptionOf(descriptions, "Student")).toBeUndefined();
    expect(descriptionOf(descriptions, "dept")).toEqual({ text: "department", source: "spider" });
    expect(descriptionOf(descriptions, "student", "stuid")).toEqual({ text: "student id", source: "spider" });
    expect(descriptionOf(descriptions, "Student", "LName")?.text).toBe("last name");
    expect(descriptionOf(descriptions, "dept", "dept_name")?.text).toBe("department name");
    expect(descriptionsFromSpiderTables("{not json", "college").warnings[0]).toMatch(/not JSON/);
  });

  it("harvests a benchmark database from its folder's files, whatever the case of table names", () => {
    const files = [
      { path: "dev.json", content: "[]" },
      { path: "dev_databases\\california_schools\\database_description\\Schools.csv", content: new TextEncoder().encode(BIRD_CSV) },
      { path: "dev_databases/other_db/database_description/schools.csv", content: "original_column_name,column_description\nCounty,wrong database\n" },
      {
        path: "dev_tables.json",
        content: JSON.stringify([
          {
            db_id: "california_schools",
            table_names: ["schools"],
            table_names_original: ["schools"],
            column_names: [
              [-1, "*"],
              [0, "county name"],
              [0, "funding type"],
            ],
            column_names_original: [
              [-1, "*"],
              [0, "County"],
              [0, "FundType"],
            ],
          },
        ]),
      },
    ];
    const { descriptions, warnings } = harvestBenchmarkDescriptions("california_schools", files);
    expect(warnings).toEqual([]);
    // BIRD's description wins over Spider's name; Spider fills the column BIRD left out.
    expect(descriptionOf(descriptions, "schools", "County")).toEqual({ text: "County name", source: "bird" });
    expect(descriptionOf(descriptions, "schools", "FundType")).toEqual({ text: "funding type", source: "spider" });
  });
});

describe("merging descriptions", () => {
  const harvested: SchemaDescriptions = {
    tables: { Books: { columns: { Title: { text: "Title on the cover", source: "comment" }, price: { text: "price", source: "spider" } } } },
  };

  it("lets a person's edit win over the LLM's, and the LLM's over anything harvested, matching names case-insensitively", () => {
    const llm: SchemaDescriptions = {
      tables: { books: { columns: { title: { text: "book title (LLM)", source: "llm" }, price: { text: "price in euros", source: "llm" } } } },
    };
    const person: SchemaDescriptions = { tables: { BOOKS: { columns: { TITLE: { text: "The title, as printed", source: "person" } } } } };
    const merged = mergeDescriptions(harvested, person, llm);
    expect(descriptionOf(merged, "books", "title")).toEqual({ text: "The title, as printed", source: "person" });
    expect(descriptionOf(merged, "books", "price")).toEqual({ text: "price in euros", source: "llm" });
    expect(Object.keys(merged.tables)).toEqual(["Books"]);
  });

  it("prefers a comment over BIRD over Spider, and ignores empty text", () => {
    const bird: SchemaDescriptions = {
      tables: { books: { columns: { title: { text: "from bird", source: "bird" }, price: { text: "  ", source: "person" } } } },
    };
    const merged = mergeDescriptions(bird, harvested);
    expect(descriptionOf(merged, "books", "title")?.source).toBe("comment");
    expect(descriptionOf(merged, "books", "price")?.source).toBe("spider");
  });

  it("aligns names to the schema's spelling and drops what the schema lacks", async () => {
    const schema = await schemaOf("CREATE TABLE Books (Title TEXT, price REAL)");
    const aligned = alignDescriptions(
      mergeDescriptions({ tables: { books: { columns: { title: { text: "t", source: "bird" }, gone: { text: "g", source: "bird" } } } } }),
      schema,
    );
    expect(aligned).toEqual({ tables: { Books: { columns: { Title: { text: "t", source: "bird" } } } } });
  });

  it("sets and removes one description without touching the input, hostile text kept as text", () => {
    const hostile = "<img src=x onerror=alert(1)>";
    const next = withDescription(harvested, "books", "price", { text: hostile, source: "person" });
    expect(descriptionOf(next, "Books", "price")?.text).toBe(hostile);
    expect(descriptionOf(harvested, "Books", "price")?.source).toBe("spider");
    const removed = withDescription(withDescription(next, "Books", "price", null), "Books", "Title", null);
    expect(removed.tables).toEqual({});
  });
});
