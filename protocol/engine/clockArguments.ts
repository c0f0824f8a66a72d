import {
  type ClockSettings,
  type Colour,
  type Result,
  type TimeControl,
  type TimeLeft,
  err,
  ok,
  parseColour,
} from "../../src/index.js";
import { parseSeconds, parseWholeNumber } from "../text/numbers.js";

/**
 * The arguments of `time_settings` and `time_left`, which OTP took from GTP: both protocols
 * parse them, and set the clock with them, here. Seconds may have a fraction (GTP says whole seconds; a fraction harms no one).
 */

/** A year is more than any game uses. */
const MAX_SECONDS = 366 * 24 * 3600;
const MAX_STONES = 1000;

/** `time_settings main_time byo_yomi_time byo_yomi_stones`: three arguments, counted by the caller. */
function parseTimeSettings(args: readonly string[]): Result<ClockSettings> {
  const mainTime = parseSeconds(args[0]!, MAX_SECONDS);
  if (!mainTime.ok) return err(`main_time: ${mainTime.error}`);
  const byoYomiTime = parseSeconds(args[1]!, MAX_SECONDS);
  if (!byoYomiTime.ok) return err(`byo_yomi_time: ${byoYomiTime.error}`);
  const byoYomiStones = parseWholeNumber(args[2]!, 0, MAX_STONES);
  if (!byoYomiStones.ok) return err(`byo_yomi_stones: ${byoYomiStones.error}`);
  return ok({ mainSeconds: mainTime.value, byoYomiSeconds: byoYomiTime.value, byoYomiStones: byoYomiStones.value });
}

/** `time_left colour seconds stones`: three arguments, counted by the caller. */
function parseTimeLeft(args: readonly string[]): Result<{ readonly colour: Colour; readonly left: TimeLeft }> {
  const colour = parseColour(args[0]!);
  if (!colour.ok) return err(`colour: ${colour.error}`);
  const seconds = parseSeconds(args[1]!, MAX_SECONDS);
  if (!seconds.ok) return err(`seconds: ${seconds.error}`);
  const stones = parseWholeNumber(args[2]!, 0, MAX_STONES);
  if (!stones.ok) return err(`stones: ${stones.error}`);
  return ok({ colour: colour.value, left: { seconds: seconds.value, stones: stones.value } });
}

/** `time_settings` on a clock; on bad arguments the clock stays as it was. */
export function setTimeSettings(clock: TimeControl, args: readonly string[]): Result<void> {
  const settings = parseTimeSettings(args);
  if (!settings.ok) return settings;
  clock.setSettings(settings.value);
  return ok(undefined);
}

/** `time_left` on a clock; on bad arguments the clock stays as it was. */
export function setTimeLeft(clock: TimeControl, args: readonly string[]): Result<void> {
  const reported = parseTimeLeft(args);
  if (!reported.ok) return reported;
  clock.setTimeLeft(reported.value.colour === "black", reported.value.left);
  return ok(undefined);
}
