/// <reference lib="dom" />
import type { PageLevel, UiInfo } from "../uiServer.js";
import { element } from "./element.js";

/**
 * The level picker: the levels the engine offers (none when `othello ui` plays another engine,
 * and then it is hidden), what the one chosen means, and what the time box is for at that level.
 */
export class LevelPicker {
  private levels: readonly PageLevel[] = [];
  /** The level chosen; the engine's own (UiInfo.level) until the person chooses. */
  level = 0;

  show(info: UiInfo): void {
    this.levels = info.levels;
    const picker = element<HTMLSelectElement>("level");
    element("level-label").hidden = info.levels.length === 0;
    picker.replaceChildren(
      ...info.levels.map(({ level, name }) => {
        const option = document.createElement("option");
        option.value = String(level);
        option.textContent = name;
        return option;
      }),
    );
    this.level = info.level;
    picker.value = String(this.level);
    this.describe();
  }

  /** The top level, the full engine: the hints' level, whatever the level played against. */
  get top(): number {
    return this.levels.at(-1)?.level ?? this.level;
  }

  /** Chooses the level `value` names; undefined (and nothing chosen) when it names none. */
  choose(value: string): PageLevel | undefined {
    const level = this.levels.find((l) => l.level === Number(value));
    if (level === undefined) return undefined;
    this.level = level.level;
    this.describe();
    return level;
  }

  private describe(): void {
    const level = this.levels.find((l) => l.level === this.level);
    element("level-note").textContent = level?.about ?? "";
    // A level below the top plays a fixed amount of search: the time is then the hints' alone.
    element("seconds-text").textContent =
      level === undefined || level.timed ? "Engine time per move (s)" : "Time for hints (s)";
  }
}
