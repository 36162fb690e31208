// The diagnosis store over the in-process engine: a query's stages with the first empty one, a refusal in words,
// a later Diagnose winning over an earlier one, and Close.
import { beforeAll, describe, expect, it } from "vitest";
import { createInProcessSqliteConnection } from "../browser/in-process-sqlite-connection";
import { provideServices } from "../browser/services";
import { useDiagnosisStore } from "./diagnosis-store";

beforeAll(async () => {
  const connection = await createInProcessSqliteConnection();
  provideServices({ connection });
  await connection.engine.open(null);
  await connection.engine.execute(
    "CREATE TABLE cities (name TEXT, country TEXT, people INTEGER); INSERT INTO cities VALUES ('Oslo', 'NO', 700000), ('Bergen', 'NO', 290000), ('Lyon', 'FR', 520000);",
  );
});

describe("diagnosis store", () => {
  it("diagnoses a query into stages and names the first one without rows", async () => {
    await useDiagnosisStore.getState().diagnose("SELECT name FROM cities WHERE country = 'NO' AND people > 1000000");
    const { status, diagnosis, error } = useDiagnosisStore.getState();
    expect([status, error]).toEqual(["done", null]);
    const stages = diagnosis!.stages.map((stage) => [stage.clause, stage.rows]);
    expect(stages.slice(0, 3)).toEqual([
      ["FROM/JOIN", 3],
      ["WHERE country = 'NO'", 2],
      ["WHERE people > 1000000", 0],
    ]);
    expect(diagnosis!.firstEmptyStage).toBe(2);
  });

  it("says why a statement cannot be broken down, and keeps no old diagnosis", async () => {
    await useDiagnosisStore.getState().diagnose("DELETE FROM cities");
    const { status, diagnosis, error } = useDiagnosisStore.getState();
    expect(status).toBe("failed");
    expect(diagnosis).toBeNull();
    expect(error).toMatch(/SELECT/);
  });

  it("shows the latest Diagnose when two overlap, and Close clears it", async () => {
    const first = useDiagnosisStore.getState().diagnose("SELECT name FROM cities WHERE country = 'FR'");
    const second = useDiagnosisStore.getState().diagnose("SELECT name FROM cities WHERE country = 'SE'");
    await Promise.all([first, second]);
    expect(useDiagnosisStore.getState().sql).toBe("SELECT name FROM cities WHERE country = 'SE'");
    expect(useDiagnosisStore.getState().diagnosis!.firstEmptyStage).toBe(1);
    useDiagnosisStore.getState().close();
    expect(useDiagnosisStore.getState()).toMatchObject({ status: "idle", sql: null, diagnosis: null, error: null });
  });
});
