// Imported first by the entry (app/main.tsx): an ES module's imports run in order, so this runs before the rest of
// the app's modules are evaluated (seconds on a busy phone) and before React renders. It starts SQLite's WASM
// compile, the sample list and, on a first visit, the sample (first-visit-fetches.ts), and the SQLite worker.
import { courseSettings } from "./course";
import { startFirstVisitFetches } from "./first-visit-fetches";
import { startAddress } from "./page-address";
import { sqliteConnection } from "./services";
import { closeHtmlStart, watchStartAnswer } from "./started-from-html";
import { markStart } from "./start-marks";

markStart("entry-evaluating");
closeHtmlStart();
watchStartAnswer();
startFirstVisitFetches({ otherDatabaseRequested: Boolean(startAddress(location.href).database ?? courseSettings()?.database) });
sqliteConnection();
