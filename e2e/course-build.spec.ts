// A course build (issue #11, static hosting): one config file names an exercise set (whose database is a file beside
// it), the starting screen (the embed) and the title; `vite build --base /my-course/` with QUERYLAB_COURSE pointing at
// it yields a page that, served from /my-course/ by a static host, opens on that database and screen with the set's
// exercise. One build.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { databaseBytes } from "./helpers";
import { staticSite, type StaticSite } from "./static-site-server";

const PORT = Number(process.env.QUERYLAB_E2E_PORT ?? 4174);
// Matches dist-test*/ in .gitignore; one folder per port, like the test build's.
const DIST = `dist-test-${PORT}-course`;
const PREFIX = "/my-course/";
const TITLE = "SQL for beginners: week 1";

let site: StaticSite;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const folder = mkdtempSync(join(tmpdir(), "querylab-course-"));
  writeFileSync(
    join(folder, "school.sqlite"),
    await databaseBytes("CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO students (name) VALUES ('Ada'), ('Grace'), ('Edsger');"),
  );
  // An exercise set in docs/exercises.md's format, its database the file beside it.
  const questions = [{ id: "all-students", question: "List every student's name.", reference: "SELECT name FROM students" }];
  writeFileSync(join(folder, "week1.json"), JSON.stringify({ version: 1, title: "Week 1", database: "school.sqlite", questions }));
  writeFileSync(join(folder, "course.config.json"), JSON.stringify({ title: TITLE, exercises: "week1.json", start: "embed" }));
  execFileSync("npx", ["vite", "build", "--base", PREFIX, "--outDir", DIST, "--emptyOutDir", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, QUERYLAB_COURSE: join(folder, "course.config.json") },
  });
  site = await staticSite(DIST, "test-models", PREFIX);
  await site.start();
});

test.afterAll(async () => {
  await site?.stop();
});

test("the course page opens on its database and screen from its sub-path, and links to the full app", async ({ page }) => {
  await page.goto(site.url);
  await expect(page).toHaveTitle(TITLE);
  // The starting screen is the embed layout, titled for the course, on the set's database, showing its exercise.
  await expect(page.getByRole("heading", { name: TITLE })).toBeVisible();
  await expect(page.getByLabel("Open database")).toHaveText("school.sqlite");
  await expect(page.getByRole("region", { name: "Exercises" })).toContainText("List every student's name.");
  await expect(page.getByRole("textbox", { name: "SQL editor" })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Schema" })).toHaveCount(0);
  // The files the config named are in the build, under the sub-path.
  expect((await page.request.get(`${site.url}course/week1.json`)).status()).toBe(200);
  expect((await page.request.get(`${site.url}course/school.sqlite`)).status()).toBe(200);

  const link = page.getByRole("link", { name: "Open in QueryLab" });
  const href = new URL((await link.getAttribute("href"))!);
  expect(Object.fromEntries(href.searchParams)).toEqual({ exercises: "./course/week1.json", embed: "0", db: "./course/school.sqlite" });
  await page.goto(href.href);
  await expect(page.getByLabel("Open database")).toHaveText("school.sqlite");
  await expect(page.getByRole("textbox", { name: "SQL editor" })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Schema" })).toContainText("students");
  await expect(page.getByRole("region", { name: "Exercises" })).toContainText("Week 1");
});
