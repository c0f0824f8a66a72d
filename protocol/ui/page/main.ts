// The page's script as `othello ui` serves it: the engine is the server's.
import { startPage } from "./page.js";
import { ServerEngine } from "./serverEngine.js";

startPage(new ServerEngine());
