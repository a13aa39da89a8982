// The three games' panels, by the name the server gives the game.
import schnapsen from "./schnapsen.js";
import sevenup from "./sevenup.js";
import river from "./river.js";

export const GAMES = { schnapsen, seven_up: sevenup, river };
