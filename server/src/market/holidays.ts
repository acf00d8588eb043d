/**
 * Loads the NSE holiday lists: the files shipped with the server (market/holidays/<year>.json),
 * then the operator's own in <data dir>/holidays/<year>.json, which replace a shipped year. A file
 * that does not parse stops the server with its name and the problem.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HolidayCalendar, HolidayFile } from './calendar.js';
import { sourceFile } from '../paths.js';

const shippedHolidaysDir = sourceFile('market/holidays');

function readDir(dir: string): HolidayFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d{4}\.json$/.test(name))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`Holiday file ${file} is not valid JSON: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const parsed = HolidayFile.safeParse(raw);
      if (!parsed.success) {
        throw new Error(
          `Holiday file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      if (`${parsed.data.year}.json` !== name) {
        throw new Error(`Holiday file ${file} declares year ${parsed.data.year}`);
      }
      return parsed.data;
    });
}

export function loadHolidayCalendar(operatorDir: string | null): HolidayCalendar {
  const calendar = new HolidayCalendar(readDir(shippedHolidaysDir));
  if (operatorDir) for (const file of readDir(operatorDir)) calendar.add(file);
  return calendar;
}
