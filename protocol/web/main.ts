// The page's script in the static build (make web, dist/web/): the engine is the page's own, on a Web Worker.
import { startPage } from "../ui/page/page.js";
import { WorkerEngine } from "./workerEngine.js";

startPage(new WorkerEngine());
